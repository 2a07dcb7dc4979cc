/**
 * A fuzz of the local server: `npm start`'s own process on a throwaway data folder receives 10,000
 * malformed requests, 12 at a time, over loopback (bad methods, request lines and headers, bodies
 * past the limit cut off mid-stream, bad JSON, bad form and URL encodings) and must answer none of
 * them with a 5xx, and still serve pages and the API afterwards. The requests come from a seeded
 * generator, so a failure replays; the loop has a deadline, so the test always ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LAMBDA_NODE_FLAGS } from '../../scripts/lib/runtime-env.mjs';

const TOTAL = 10_000;
const CONCURRENCY = 12;
const DEADLINE_MS = 150_000;
const SEED = 0x5eed_10;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** mulberry32: a small seeded generator, so the same requests are sent every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

const API_PATHS = [
  '/api/contacts',
  '/api/newsletter',
  '/api/auth/login',
  '/api/auth/logout',
  '/api/auth/me',
  '/api/auth/change-password',
  '/api/auth/request-reset',
  '/api/articles',
  '/api/articles/1',
  '/api/articles/abc',
  '/api/articles/99999999999',
  '/api/services',
  '/api/services/1',
  '/api/objects/upload',
  '/api/objects/uploads/x.png?expires=1&signature=bad',
  '/api/nope',
];
const PAGE_PATHS = ['/', '/about', '/contact', '/contact?service=%ff', '/insights', '/insights/1', '/insights/%ff', '/no-such-page', '/objects/uploads/nope.png', '/_astro/none.js', '/sitemap.xml'];
const ODD_PATHS = ['/%ff', '/%00', '/%', '/api/%ff', '//evil.example/api/services', '/..%2f..%2fetc%2fpasswd', '/a/../../etc/passwd', '/\u00e9', '/api/articles/%F0%9F%92%A9', `/${'a'.repeat(5000)}`];
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'MKCOL', 'PURGE', 'REPORT'];
const TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '', 'image/png'];

/** Bodies no schema accepts: broken or hostile JSON, junk form data, bytes that are not UTF-8. */
function badBody(r: ReturnType<typeof generator>): Buffer {
  switch (r.int(10)) {
    case 0: return Buffer.from('{"email":');
    case 1: return Buffer.from('['.repeat(5000) + ']'.repeat(5000));
    case 2: return Buffer.from(`{"email":${'9'.repeat(400)}}`);
    case 3: return Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]);
    case 4: return Buffer.from('firstName=%zz&email=%E0%A4%A&&&==&message=%');
    case 5: return Buffer.from(JSON.stringify({ username: 42, password: null, __proto__: { admin: true } }));
    case 6: return Buffer.from(JSON.stringify({ email: 'x'.repeat(300), firstName: '\u0000', message: '\ud800' }));
    case 7: return Buffer.alloc(r.int(4096), r.int(256));
    case 8: return Buffer.from('null');
    default: return Buffer.from(`{"title":"${'"'.repeat(r.int(50))}`);
  }
}

interface Outcome {
  kind: string;
  /** The status the server answered, or what happened instead. */
  result: number | 'cut' | 'closed';
}

/** One well-formed HTTP request with a bad method, path, header or body. */
function wellFormed(port: number, agent: http.Agent, r: ReturnType<typeof generator>): Promise<Outcome> {
  const method = r.pick(METHODS);
  const pathname = r.pick([...API_PATHS, ...API_PATHS, ...PAGE_PATHS, ...ODD_PATHS]);
  const withBody = method !== 'GET' && method !== 'HEAD' && r.next() < 0.85;
  const body = withBody ? badBody(r) : undefined;
  const headers: Record<string, string> = {};
  if (body) headers['content-type'] = r.pick(TYPES);
  if (r.next() < 0.15) headers['content-encoding'] = r.pick(['gzip', 'br', 'bogus']);
  if (r.next() < 0.15) headers.origin = r.pick(['null', 'https://attacker.example', 'http://127.0.0.1:1', '%%%']);
  if (r.next() < 0.1) headers.cookie = r.pick(['session=garbage', '__Host-session=a.b.c', 'session=']);
  if (r.next() < 0.1) headers['accept-encoding'] = r.pick(['br', 'gzip, deflate', 'identity;q=0', '*;q=0']);
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ kind: `${method} ${pathname.slice(0, 40)}`, result: res.statusCode ?? 0 }));
      res.on('error', () => resolve({ kind: `${method} ${pathname.slice(0, 40)}`, result: 'closed' }));
    });
    req.on('error', () => resolve({ kind: `${method} ${pathname.slice(0, 40)}`, result: 'closed' }));
    req.end(body);
  });
}

/** Raw bytes on a socket: broken request lines and headers, and bodies past the limit cut off mid-stream. */
function rawRequest(port: number, r: ReturnType<typeof generator>): Promise<Outcome> {
  const big = r.pick(['/api/contacts', '/api/newsletter', '/api/auth/login', '/api/objects/uploads/x.png?expires=1&signature=x', '/contact']);
  const cases: Array<[string, Buffer, boolean]> = [
    ['TRACE', Buffer.from('TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), false],
    ['TRACK', Buffer.from('TRACK /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), false],
    ['lower-case method', Buffer.from('get /api/services HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), false],
    ['bad version', Buffer.from('GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n'), false],
    ['no version', Buffer.from('GET /\r\n\r\n'), false],
    ['binary line', Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x0d, 0x0a, 0x0d, 0x0a]), false],
    ['header without colon', Buffer.from('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBroken header\r\n\r\n'), false],
    ['bad Host', Buffer.from('GET /api/services HTTP/1.1\r\nHost: a b/c@d\r\n\r\n'), false],
    ['no Host', Buffer.from('GET / HTTP/1.1\r\n\r\n'), false],
    ['absolute-form', Buffer.from('GET http://other.example/api/services HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), false],
    ['huge header', Buffer.from(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), false],
    ['two lengths', Buffer.from('POST /api/contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{}'), false],
    ['length and chunked', Buffer.from('POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'), false],
    ['bad chunk size', Buffer.from('POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'), false],
    ['backslash path', Buffer.from('GET /\\..\\..\\etc\\passwd HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), false],
    ['raw UTF-8 path', Buffer.concat([Buffer.from('GET /insights/'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')]), false],
    [`cut ${big}`, Buffer.from(`POST ${big} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"message":"${'x'.repeat(70_000 + r.int(60_000))}`), true],
    [`chunked past the limit ${big}`, Buffer.from(`POST ${big} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${'ffff\r\n' + 'y'.repeat(0xffff) + '\r\n'}${r.next() < 0.5 ? '0\r\n\r\n' : ''}`), true],
  ];
  const [kind, bytes, cut] = r.pick(cases);
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let head = '';
    let settled = false;
    const done = (result: Outcome['result']) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ kind, result });
    };
    socket.on('data', (chunk) => {
      head += chunk.toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (match) done(Number(match[1]));
    });
    socket.on('error', () => done(cut ? 'cut' : 'closed'));
    socket.on('close', () => done(cut ? 'cut' : 'closed'));
    socket.write(bytes, () => {
      // The client gives up mid-body: the server must take the abort in its stride.
      if (cut) setTimeout(() => done('cut'), r.int(20));
    });
    socket.setTimeout(10_000, () => done('closed'));
  });
}

let child: ChildProcess | undefined;
let port = 0;
let dataDir = '';

test.beforeAll(async () => {
  // Its own database and site, on a machine the rest of the suite keeps busy.
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fuzz-'));
  child = spawn(process.execPath, [...LAMBDA_NODE_FLAGS, 'scripts/start.mjs'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, TRUST_PROXY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = child;
  port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the fuzzed server did not start in 150 s')), 150_000);
    running.stdout!.on('data', (chunk: Buffer) => {
      const match = /Site ready at http:\/\/[^:]+:(\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    running.once('exit', (code) => reject(new Error(`the fuzzed server exited while starting (code ${code})`)));
  });
  running.stderr!.on('data', () => {}); // logged errors are expected; only the answers count
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGINT');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test(`${TOTAL} malformed requests, ${CONCURRENCY} at a time: no 5xx, and the server keeps serving`, async ({}, testInfo) => {
  const r = generator(SEED);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const statuses = new Map<string, number>();
  const fivexx: Outcome[] = [];
  let sent = 0;
  const started = Date.now();

  async function worker() {
    while (sent < TOTAL && Date.now() - started < DEADLINE_MS) {
      sent += 1;
      const outcome = r.next() < 0.3 ? await rawRequest(port, r) : await wellFormed(port, agent, r);
      const key = String(outcome.result);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (typeof outcome.result === 'number' && outcome.result >= 500) fivexx.push(outcome);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  const seconds = (Date.now() - started) / 1000;

  const summary = `${sent} requests in ${seconds.toFixed(1)} s at concurrency ${CONCURRENCY}; answers: ${[...statuses.entries()]
    .sort()
    .map(([status, count]) => `${status} x${count}`)
    .join(', ')}`;
  console.log(`[fuzz] ${summary}`);
  testInfo.annotations.push({ type: 'fuzz', description: summary });

  expect(fivexx.slice(0, 10)).toEqual([]);
  expect(sent).toBe(TOTAL); // all sent before the deadline
  expect(child?.exitCode).toBeNull();
  // Still serving: a page, the API and a real sign-up.
  const page = await fetch(`http://127.0.0.1:${port}/`);
  expect(page.status).toBe(200);
  const api = await fetch(`http://127.0.0.1:${port}/api/services`);
  expect((await api.json()).length).toBe(7);
  const signUp = await fetch(`http://127.0.0.1:${port}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `after-fuzz-${Date.now()}@example.com` }),
  });
  expect(signUp.status).toBe(201);
});
