// Reads one line from the terminal without echoing it (for passwords).

// What came after the Enter that ended a line, in the same read: a second line pasted with the
// first, or keys typed ahead of the next prompt. The next call starts from it, so nothing typed is
// lost and the next question is not left waiting for keys already pressed.
let typedAhead = '';

export function readHiddenLine(prompt) {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) {
    return Promise.reject(new Error('No terminal to ask for a password: set ADMIN_PASSWORD instead.'));
  }
  return new Promise((resolve, reject) => {
    let value = '';
    // Echo off before the prompt shows: keys pressed (or pasted) the moment it appears would
    // otherwise be echoed by the terminal, password and all, before raw mode took over.
    stdin.setRawMode(true);
    stdin.resume();
    stdout.write(prompt);
    stdin.setEncoding('utf8');
    const onData = (chunk) => {
      const chars = [...chunk];
      for (let i = 0; i < chars.length; i += 1) {
        const ch = chars[i];
        if (ch === '\r' || ch === '\n') {
          // A pasted CRLF ends one line, not two.
          const next = ch === '\r' && chars[i + 1] === '\n' ? i + 2 : i + 1;
          typedAhead = chars.slice(next).join('');
          done();
          stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          typedAhead = '';
          done();
          reject(new Error('Cancelled.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on('data', onData);
    if (typedAhead) {
      const earlier = typedAhead;
      typedAhead = '';
      onData(earlier);
    }
  });
}
