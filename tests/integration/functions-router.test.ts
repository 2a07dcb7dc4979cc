/**
 * Netlify gives every function one priority and answers with the first registered match, so two
 * functions whose paths can claim the same request route by luck. The local runtime refuses such a
 * pair at start (scripts/lib/functions-router.mjs); these tests hold the rule and the project to it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { findOverlaps, literalPrefix, routeMatcher, startSchedules } from '../../scripts/lib/functions-router.mjs';
import { API_PATHS } from '../../src/lib/api-paths.ts';

type Route = { name: string; path: string; pattern: URLPattern; methods?: string[] };
const route = (name: string, p: string, methods?: string[]): Route => ({ name, path: p, pattern: new URLPattern({ pathname: p }), ...(methods ? { methods } : {}) });

describe('overlapping function paths', () => {
  it('flags a wildcard beside a specific path, and a parameter beside a static segment', () => {
    expect(findOverlaps([route('services', '/api/services'), route('api-not-found', '/api/*')])).toEqual([
      'services (/api/services) and api-not-found (/api/*)',
    ]);
    expect(findOverlaps([route('articles', '/api/articles/:id'), route('drafts', '/api/articles/drafts')])).toEqual([
      'articles (/api/articles/:id) and drafts (/api/articles/drafts)',
    ]);
    expect(findOverlaps([route('a', '/api/things/:id'), route('b', '/api/things/:slug')])).toHaveLength(1);
  });

  it('accepts paths that cannot claim the same request', () => {
    expect(
      findOverlaps([
        route('services', '/api/services'),
        route('services', '/api/services/:id'), // one function's own paths
        route('packages', '/api/packages'),
        route('serve', '/objects/uploads/:name'),
        route('target', '/api/objects/uploads/:name'),
        route('read', '/api/feed', ['GET']),
        route('write', '/api/feed', ['POST']), // same path, different methods
      ]),
    ).toEqual([]);
  });

  it("the project's functions overlap nowhere", async () => {
    const dir = path.resolve(import.meta.dirname, '../../netlify/functions');
    const routes: Route[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
      const { config } = await import(pathToFileURL(path.join(dir, file)).href);
      const methods = config?.method ? [config.method].flat().map((m: string) => m.toUpperCase()) : undefined;
      for (const p of [config?.path ?? []].flat() as string[]) routes.push(route(file.replace(/\.ts$/, ''), p, methods));
    }
    expect(routes.length).toBeGreaterThanOrEqual(16);
    expect(routes.some((r) => r.path.includes('*'))).toBe(false);
    expect(findOverlaps(routes)).toEqual([]);
  });

  it('every path the islands, forms and e-mails call (src/lib/api-paths.ts) is the literal path of a function', async () => {
    const dir = path.resolve(import.meta.dirname, '../../netlify/functions');
    const declared = new Set<string>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const { config } = await import(pathToFileURL(path.join(dir, file)).href);
      for (const p of [config?.path ?? []].flat() as string[]) declared.add(p);
    }
    expect(Object.values(API_PATHS).filter((p) => !declared.has(p))).toEqual([]);
  });
});

describe('the literal start the router checks before a pattern', () => {
  it('stops at the first parameter, wildcard, group, modifier, escape or character URLPattern would encode', () => {
    expect(['/api/contacts', '/api/articles/:id', '/api/*', '/objects/uploads/:id(\\w+)', '/a{/b}?', '/x\\:y', '/caf\u00e9/x'].map(literalPrefix)).toEqual([
      '/api/contacts',
      '/api/articles/',
      '/api/',
      '/objects/uploads/',
      '/a',
      '/x',
      '/caf',
    ]);
  });

  it('is the start of every path its pattern matches', () => {
    for (const [pattern, path] of [
      ['/api/articles/:id', '/api/articles/12'],
      ['/a{/b}?', '/a'],
      ['/x\\:y', '/x:y'],
    ] as const) {
      expect(new URLPattern({ pathname: pattern }).test({ pathname: path }), pattern).toBe(true);
      expect(path.startsWith(literalPrefix(pattern)), pattern).toBe(true);
    }
  });

  it('when it is the whole pattern, matches exactly the one path URLPattern matches', () => {
    const pattern = '/api/contacts';
    expect(literalPrefix(pattern)).toBe(pattern);
    for (const path of ['/api/contacts', '/api/contacts/', '/api/contactsx', '/API/contacts', '/api//contacts', '/api/contact', '/api/%63ontacts']) {
      expect(new URLPattern({ pathname: pattern }).test({ pathname: path }), path).toBe(path === pattern);
    }
  });
});

describe('matching a request to a function, as Netlify does', () => {
  // Netlify routes by the manifest zip-it-and-ship-it writes: a path with a parameter becomes an
  // expression ending in `\/?$` (/api/articles/:id -> ^\/api\/articles(?:\/([^\/]+?))\/?$), and
  // netlify-cli (lib/functions/netlify-function.js, matchURLPath) drops one trailing slash before it
  // compares a literal path; the functions' bootstrap (@netlify/serverless-functions-api) drops it
  // too before it reads context.params. So /api/articles/7/ is the articles function's, with id 7.
  const stub = (name: string, p: string) => ({ ...route(name, p), prefix: literalPrefix(p), handler: () => new Response(name) });
  const match = routeMatcher([stub('services', '/api/services'), stub('services', '/api/services/:id'), stub('notices', '/api/enquiries/:id/notice')]);

  it('answers a path with one trailing slash as the path without it, parameters included', async () => {
    expect(match('GET', '/api/services/')?.name).toBe('services');
    expect(match('GET', '/api/services/7/')?.name).toBe('services');
    expect(match('POST', '/api/enquiries/3/notice/')?.name).toBe('notices');
    const params: Record<string, string> = {};
    const seen = routeMatcher([{ ...stub('s', '/api/services/:id'), handler: (_req: Request, ctx: { params: Record<string, string> }) => Object.assign(params, ctx.params) }]);
    await seen('GET', '/api/services/7/')!.handle(new Request('http://x/api/services/7/'), { ip: '127.0.0.1' } as never);
    expect(params).toEqual({ id: '7' });
  });

  it('still refuses what Netlify refuses: two trailing slashes, an empty parameter, a longer path', () => {
    for (const p of ['/api/services//', '/api/services/7//', '/api/enquiries//notice', '/api/services/7/x', '/api/servicesx']) {
      expect(match('GET', p), p).toBeUndefined();
    }
  });
});

describe('the Scheduled Functions in the local runtime', () => {
  it("runs each of the project's, one job each, on its own schedule: 288, 24, 24, 1 and 1 runs a day", async () => {
    const dir = path.resolve(import.meta.dirname, '../../netlify/functions');
    const scheduled: { name: string; schedule: string }[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
      const { config } = await import(pathToFileURL(path.join(dir, file)).href);
      if (config?.schedule) scheduled.push({ name: file.replace(/\.ts$/, ''), schedule: config.schedule });
    }
    expect(scheduled).toEqual([
      { name: 'abandoned-upload-parts', schedule: '@hourly' },
      { name: 'enquiry-retention', schedule: '@hourly' },
      { name: 'expired-preview-uploads', schedule: '@daily' },
      { name: 'outbox-sender', schedule: '*/5 * * * *' },
      { name: 'unused-images', schedule: '@daily' },
    ]);
    vi.useFakeTimers();
    const runs: Record<string, number> = {};
    const logged: string[] = [];
    const stop = startSchedules(
      scheduled.map(({ name, schedule }) => ({ name, schedule, handler: () => void (runs[name] = (runs[name] ?? 0) + 1) })),
      (line: string) => logged.push(line),
    );
    try {
      await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
      expect(runs).toEqual({ 'abandoned-upload-parts': 24, 'enquiry-retention': 24, 'expired-preview-uploads': 1, 'outbox-sender': 288, 'unused-images': 1 });
      expect(logged).toEqual([]);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it("keeps Netlify's clock (UTC), not the server's start: a server started just before midnight runs the daily jobs at midnight", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T23:58:30Z') });
    const ran: { name: string; at: string; nextRun: string }[] = [];
    const job = (name: string, schedule: string) => ({
      name,
      schedule,
      handler: async (request: Request) => void ran.push({ name, at: new Date().toISOString(), nextRun: (await request.json()).next_run }),
    });
    const stop = startSchedules([job('daily', '@daily'), job('hourly', '@hourly'), job('every-5', '*/5 * * * *'), job('every-7', '*/7 * * * *')], () => {});
    try {
      await vi.advanceTimersByTimeAsync(2 * 60_000);
      expect(ran).toEqual([
        { name: 'daily', at: '2026-11-28T00:00:00.000Z', nextRun: '2026-11-29T00:00:00.000Z' },
        { name: 'hourly', at: '2026-11-28T00:00:00.000Z', nextRun: '2026-11-28T01:00:00.000Z' },
        { name: 'every-5', at: '2026-11-28T00:00:00.000Z', nextRun: '2026-11-28T00:05:00.000Z' },
        { name: 'every-7', at: '2026-11-28T00:00:00.000Z', nextRun: '2026-11-28T00:07:00.000Z' },
      ]);
      ran.length = 0;
      // Cron's */7 counts within each hour: 00:56, then 01:00, not 01:03.
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(ran.filter((r) => r.name === 'every-7').map((r) => r.at.slice(11, 16))).toEqual(['00:07', '00:14', '00:21', '00:28', '00:35', '00:42', '00:49', '00:56', '01:00']);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });
});

describe("Lambda's module flags", () => {
  it('the test workers load modules as Netlify does: a require() of an ES module fails', () => {
    expect(process.features.require_module).toBe(false);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'esm-only-'));
    const file = path.join(dir, 'esm-only.mjs');
    fs.writeFileSync(file, 'export default 1;\n');
    try {
      expect(() => createRequire(import.meta.url)(file)).toThrow(expect.objectContaining({ code: 'ERR_REQUIRE_ESM' }));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
