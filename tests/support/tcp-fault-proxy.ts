/**
 * A TCP proxy of the test's own between the app and PostgreSQL, cut on demand:
 * - 'pass': relays both ways;
 * - 'refuse': stops listening, so a new connection is refused (ECONNREFUSED) as by a server that is
 *   down; sessions already open carry on;
 * - 'hold': accepts new connections and forwards nothing either way, and stops relaying on the live
 *   ones, as a network that drops packets silently (or a host that went away) does;
 * - 'terminate': resets every live session at once, and each new one as soon as it sends its
 *   first bytes, as a server that restarts or a provider that ends sessions does.
 * Apart from the mode, `cutOn(text)` resets any session at the moment its client sends those bytes
 * (a statement's SQL, say), before they reach the server: a connection lost in the middle of a
 * request, between the statements that went through and the one that did not. `holdOn(text)` makes
 * such a session go silent instead (those bytes dropped, nothing relayed either way from then on),
 * as one connection whose network drops packets silently mid-request, while other sessions carry on.
 * `silenceAllOn(text)` does the same to that session and puts the whole proxy in 'hold' at once: the
 * database going silent for everyone mid-request, new connections included.
 * `heal()` goes back to 'pass' on the same port (ending sessions a hold broke), so the app reaches the database again with no
 * change to its settings.
 */
import net from 'node:net';

export type FaultMode = 'pass' | 'refuse' | 'hold' | 'terminate';

interface Session {
  client: net.Socket;
  upstream: net.Socket | undefined;
  /** Gone silent under holdOn: nothing more is relayed either way. */
  held: boolean;
}

export interface TcpFaultProxy {
  /** The loopback port the app connects to. */
  port: number;
  mode: FaultMode;
  /** Connections accepted so far (refused ones never reach the proxy). */
  accepted: number;
  /** Connections open now. */
  open: number;
  setMode(mode: FaultMode): Promise<void>;
  /** Resets each session that sends `text` from now on, before it is relayed; undefined ends it. */
  cutOn(text: string | undefined): void;
  /** Silences each session that sends `text` from now on, before it is relayed; heal() ends them. */
  holdOn(text: string | undefined): void;
  /** When a session sends `text`, silences it and every other session, new ones too ('hold'); heal() ends it. */
  silenceAllOn(text: string | undefined): void;
  heal(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTcpFaultProxy(target: { host: string; port: number }): Promise<TcpFaultProxy> {
  const sessions = new Set<Session>();
  let mode: FaultMode = 'pass';
  let cutText: string | undefined;
  let holdText: string | undefined;
  let silenceAllText: string | undefined;
  let accepted = 0;
  let server: net.Server | undefined;
  let port = 0;

  const cut = (s: Session) => {
    s.client.resetAndDestroy();
    s.upstream?.destroy();
    sessions.delete(s);
  };

  const onConnection = (client: net.Socket) => {
    accepted += 1;
    const session: Session = { client, upstream: undefined, held: false };
    sessions.add(session);
    client.on('error', () => {});
    client.on('close', () => {
      session.upstream?.destroy();
      sessions.delete(session);
    });
    if (mode === 'hold') return; // accepted, never answered
    if (mode === 'terminate') {
      client.once('data', () => cut(session));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    session.upstream = upstream;
    upstream.setNoDelay(true);
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    // Relayed by hand rather than piped, so that 'hold' can stop a live session in place.
    client.on('data', (chunk: Buffer) => {
      if (cutText !== undefined && chunk.includes(cutText)) return cut(session);
      if (holdText !== undefined && chunk.includes(holdText)) session.held = true;
      if (silenceAllText !== undefined && chunk.includes(silenceAllText)) {
        session.held = true;
        mode = 'hold';
      }
      if ((mode === 'pass' || mode === 'refuse') && !session.held) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if ((mode === 'pass' || mode === 'refuse') && !session.held && !client.destroyed) client.write(chunk);
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer(onConnection);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const unlisten = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();

  const proxy: TcpFaultProxy = {
    get port() {
      return port;
    },
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    get open() {
      return sessions.size;
    },
    async setMode(next) {
      const was = mode;
      mode = next;
      // What a held session sent was dropped, not queued: its stream is broken, so it ends here.
      if (was === 'hold' && next !== 'hold') for (const s of [...sessions]) cut(s);
      if (next === 'refuse') await unlisten();
      else if (!server) await listen();
      if (next === 'terminate') for (const s of [...sessions]) cut(s);
    },
    cutOn(text) {
      cutText = text;
    },
    holdOn(text) {
      holdText = text;
    },
    silenceAllOn(text) {
      silenceAllText = text;
    },
    heal() {
      cutText = undefined;
      holdText = undefined;
      silenceAllText = undefined;
      // What a silenced session sent was dropped: its stream is broken, so it ends here.
      for (const s of [...sessions]) if (s.held) cut(s);
      return proxy.setMode('pass');
    },
    async stop() {
      for (const s of [...sessions]) cut(s);
      await unlisten();
    },
  };
  return proxy;
}
