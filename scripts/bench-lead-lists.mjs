// `npm run bench:lead-lists -- [enquiries]`: a benchmark, not a test; it prints figures only.
// Seeds `enquiries` (default 200,000) enquiries, each with its notice, and as many subscribers,
// each with its welcome, into a scratch database: an in-memory PGlite, or a new database on the
// PostgreSQL server BENCH_DATABASE_URL names (created, and dropped at the end). Then calls the
// admin lists' functions (netlify/functions/enquiries.ts and subscribers.ts) as Netlify does,
// signed in, and prints the median time of BENCH_REPEATS (default 3) calls of each: a page of a
// list (with its count), and an export up to its answer's status (the size check and the first
// batch), its download then let go. Run it with no other benchmark or test suite on the machine.
import crypto from 'node:crypto';
import { registerHooks } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startLocalServices } from './lib/local-services.mjs';
import { createScratchDatabase } from './lib/scratch-database.mjs';
import { startWsProxy } from './lib/ws-proxy.mjs';
import { intSetting, printTable } from './lib/bench-harness.mjs';

const COUNT = Number(process.argv[2] ?? 200_000);
if (!Number.isInteger(COUNT) || COUNT < 1 || COUNT > 2_000_000) {
  console.error('Usage: npm run bench:lead-lists -- [enquiries]   (a whole number from 1 to 2000000; default 200000)');
  process.exit(2);
}
// The functions' modules import the site's sources without their extension, as its bundlers
// resolve them (src/schemas/enquiry.ts imports './enquiry-limits'); plain Node is told to do the same.
registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (err) {
      if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !/^\.\.?\//.test(specifier)) throw err;
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});

const REPEATS = intSetting('BENCH_REPEATS', 3, 1, 50);
const SEED_BATCH = 20_000;

// A scratch database on the named server, dropped at the end; or none named: the embedded one.
const server = process.env.BENCH_DATABASE_URL;
let databaseUrl = null;
let dropDatabase = async () => {};
let stopAdminProxy = async () => {};
if (server) {
  const target = new URL(server);
  const adminProxy = await startWsProxy({ target: `${target.hostname}:${target.port || 5432}` });
  const { configureNeonProxy } = await import('../src/server/db/client.ts');
  configureNeonProxy(adminProxy.proxy);
  const scratch = await createScratchDatabase(server, 'site_bench');
  dropDatabase = scratch.drop;
  stopAdminProxy = () => adminProxy.stop();
  databaseUrl = scratch.databaseUrl;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-leads-'));
const adminAccount = { email: `bench-${crypto.randomUUID()}@example.com`, password: 'correct horse battery staple' };
const services = await startLocalServices({ dataDir, inMemoryDatabase: true, databaseUrl, admin: adminAccount, log: () => {} });
Object.assign(process.env, services.env);

const { closeDb, createDb } = await import('../src/server/db/client.ts');
const { resetEnvCache } = await import('../src/server/env.ts');
resetEnvCache();
const { default: login } = await import('../netlify/functions/auth-login.ts');
const { default: enquiriesFn } = await import('../netlify/functions/enquiries.ts');
const { default: subscribersFn } = await import('../netlify/functions/subscribers.ts');

const ORIGIN = 'http://localhost:4321';
const context = { params: {}, ip: '198.51.100.9', waitUntil: () => {} };

try {
  // Seeded with a script's limits: a request's 4 s statement limit is for the calls measured.
  const { db } = createDb(process.env.DATABASE_URL, process.env.DATABASE_WS_PROXY);
  const started = Date.now();
  try {
    await seed(db);
    await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
  console.log(`Seeded ${COUNT} enquiries and ${COUNT} subscribers in ${((Date.now() - started) / 1000).toFixed(1)} s (${server ? 'PostgreSQL' : 'embedded PGlite'}).\n`);

  const signedIn = await login(
    new Request(new URL('/api/auth/login', ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: adminAccount.email, password: adminAccount.password }),
    }),
    context,
  );
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers.get('set-cookie').split(';')[0];

  /** One call's time to its status; a list's body read whole, an export's let go after its status. */
  async function timed(handler, url) {
    const t0 = performance.now();
    const res = await handler(new Request(new URL(url, ORIGIN), { headers: { cookie } }), context);
    const ms = performance.now() - t0;
    let note;
    if (res.headers.get('content-type')?.startsWith('text/csv')) {
      await res.body.cancel();
      note = 'download starts';
    } else {
      const body = await res.json();
      note = res.status === 200 ? `${body.total} found` : `${res.status}: ${body.error?.slice(0, 40)}`;
    }
    // Let a let-go download give its connections back before the next call.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { ms, note };
  }

  const cases = [
    ['Enquiries page 1', enquiriesFn, '/api/enquiries'],
    ['Enquiries page 2,000', enquiriesFn, '/api/enquiries?page=2000'],
    ['Enquiries status New', enquiriesFn, '/api/enquiries?status=new'],
    ["search 'a' (1 char)", enquiriesFn, '/api/enquiries?search=a'],
    ["search 'jo' (2 chars)", enquiriesFn, '/api/enquiries?search=jo'],
    ["search 'qz' (2 chars, none)", enquiriesFn, '/api/enquiries?search=qz'],
    ["search 'smith' (many)", enquiriesFn, '/api/enquiries?search=smith'],
    ["search 'acme' page 100", enquiriesFn, '/api/enquiries?search=acme&page=100'],
    ["search '17@' (few)", enquiriesFn, '/api/enquiries?search=17@'],
    ['Subscribers page 1', subscribersFn, '/api/subscribers'],
    ["Subscribers search 'e'", subscribersFn, '/api/subscribers?search=e'],
    ['export every enquiry', enquiriesFn, '/api/enquiries?format=csv'],
    ['export status New', enquiriesFn, '/api/enquiries?format=csv&status=new'],
    ["export search 'smith'", enquiriesFn, '/api/enquiries?format=csv&search=smith'],
    ["export search 'a'", enquiriesFn, '/api/enquiries?format=csv&search=a'],
    ["export search '17@' (few)", enquiriesFn, '/api/enquiries?format=csv&search=17@'],
    ['export subscribed', subscribersFn, '/api/subscribers?format=csv'],
    ["export subscribers 'reader1'", subscribersFn, '/api/subscribers?format=csv&search=reader1'],
  ];
  const rows = [['call', 'median ms', 'min ms', 'max ms', 'answer']];
  for (const [name, handler, url] of cases) {
    await timed(handler, url); // warm
    const runs = [];
    let note = '';
    for (let i = 0; i < REPEATS; i++) {
      const r = await timed(handler, url);
      runs.push(r.ms);
      note = r.note;
    }
    runs.sort((a, b) => a - b);
    rows.push([name, runs[Math.floor(runs.length / 2)].toFixed(0), runs[0].toFixed(0), runs.at(-1).toFixed(0), note]);
  }
  printTable(rows);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  // The scratch database goes first, while every bridge is up: the driver's proxy setting is
  // process-wide, so the admin pool may reconnect through the services' own bridge.
  await closeDb();
  await dropDatabase();
  await services.stop();
  await stopAdminProxy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Enquiries one a minute going back from now, names, companies and messages of some variety (a
 * message of 80 to 1,500 characters), a tenth New, a third Archived; each with its notice, one in
 * fifty failed with its error, one in twenty sent twice. Subscribers likewise, a fifth unsubscribed.
 */
async function seed(db) {
  const first = ['Ada', 'Grace', 'John', 'Joanna', 'Mary', 'Peter', 'Liam', 'Olivia', 'Noah', 'Emma', 'Jack', 'Chloe', 'Oscar', 'Mia', 'Leo', 'Isla', 'Harper', 'Lucas', 'Zoe', 'Henry'];
  const last = ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Johnson', 'Martin', 'White', 'Anderson', 'Walker', 'Thompson', 'Harris', 'Lee', 'Ryan', 'King', 'Kelly', 'Young', 'Lovelace'];
  const companies = ['Acme Pty Ltd', 'Globex', 'Initech', 'Umbrella Group', 'Hooli', 'Stark Industries', 'Wayne Enterprises', 'Tyrell Corp', 'Cyberdyne', 'Soylent', 'Vandelay Imports', 'Bluth Company'];
  const text = 'We are looking to reposition our brand for the next financial year and would like to discuss a strategy engagement. ';
  for (let from = 1; from <= COUNT; from += SEED_BATCH) {
    const to = Math.min(COUNT, from + SEED_BATCH - 1);
    await sql`insert into enquiries (first_name, last_name, email, phone, company, message, service, page, cta_button, status, created_at)
      select f, l, lower(f) || '.' || lower(l) || i || '@example.com', '+61 400 ' || lpad((i % 1000000)::text, 6, '0'),
        (${sql.val(companies)}::text[])[1 + i % ${companies.length}] || case when i % 3 = 0 then ' ' || (i % 997) else '' end,
        left(repeat(${text}, 13), 80 + (i * 7919) % 1420), 'Strategic Marketing', 'Home', 'Get in Touch',
        case when i % 10 = 0 then 'new' when i % 3 = 0 then 'archived' else 'handled' end,
        now() - i * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) i,
        lateral (select (${sql.val(first)}::text[])[1 + i % ${first.length}] as f, (${sql.val(last)}::text[])[1 + (i / 7) % ${last.length}] as l) n`.execute(db);
    await sql`insert into subscribers (email, source_page, status, subscribed_at, unsubscribed_at)
      select 'reader' || i || '@' || (array['example.com', 'mail.example', 'inbox.example'])[1 + i % 3], '/insights',
        case when i % 5 = 0 then 'unsubscribed' else 'subscribed' end, now() - i * interval '1 minute',
        case when i % 5 = 0 then now() - i * interval '30 second' end
      from generate_series(${from}::int, ${to}::int) i`.execute(db);
    process.stdout.write(`\r${to} / ${COUNT} seeded`);
  }
  process.stdout.write('\n');
  await sql`insert into outbox (kind, payload, status, attempts, last_error, sent_at, next_attempt_at, enquiry_id)
    select 'enquiry-notice', '{}'::jsonb, case when id % 50 = 0 then 'failed' else 'sent' end, 1,
      case when id % 50 = 0 then 'SMTP 550: mailbox unavailable for this recipient' end,
      case when id % 50 <> 0 then created_at end, created_at, id
    from enquiries`.execute(db);
  await sql`insert into outbox (kind, payload, status, attempts, sent_at, next_attempt_at, enquiry_id)
    select 'enquiry-notice', '{}'::jsonb, 'sent', 1, created_at, created_at, id from enquiries where id % 20 = 0`.execute(db);
  await sql`insert into outbox (kind, payload, status, attempts, sent_at, next_attempt_at, subscriber_id)
    select 'welcome', '{}'::jsonb, 'sent', 1, subscribed_at, subscribed_at, id from subscribers`.execute(db);
}
