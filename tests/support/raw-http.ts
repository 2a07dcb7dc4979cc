import net from 'node:net';

/**
 * One raw HTTP/1.1 exchange with a server on 127.0.0.1, so Host, the request target and every other
 * header are exactly the test's own: `head` is the request line and headers, one a line.
 */
export function rawHttp(port: number, head: string, body = ''): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('end', () => {
      const [headText = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = headText.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const body = rest.join('\r\n\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: headers['transfer-encoding'] === 'chunked' ? unchunked(body) : body });
    });
    socket.on('error', reject);
    socket.write(`${head.trim().split('\n').map((l) => l.trim()).join('\r\n')}\r\nConnection: close\r\n\r\n${body}`);
  });
}

/**
 * A chunked body's content: each chunk is its size in hex, CRLF, the bytes, CRLF; a size of 0
 * ends it. An answer whose body the server streams, not knowing its length up front, is sent so.
 */
function unchunked(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) return out;
    const size = Number.parseInt(body.slice(at, lineEnd).split(';')[0]!.trim(), 16);
    if (!(size > 0)) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}
