// Starts `npm start`'s server on an emptied DATA_DIR, so every e2e run begins from a new database.
import fs from 'node:fs';

const dir = process.env.DATA_DIR;
if (!dir || !dir.includes('site-e2e-')) throw new Error('fresh-server refuses to wipe a DATA_DIR that is not an e2e one');
fs.rmSync(dir, { recursive: true, force: true });
await import('../../../scripts/start.mjs');
