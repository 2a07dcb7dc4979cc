import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashes, policyForHashes, withPagePolicy } from './page-csp.ts';

const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
const RUNTIME = 'document.documentElement.dataset.js="1"';
const STYLE = 'p{color:red}';
const OTHER_PAGE = hash('console.log("another page")');
const OTHER_STYLE = hash('h1{color:blue}');

describe('inlineHashes', () => {
  it('hashes inline scripts and styles, not scripts loaded by src', () => {
    const html = `<script>${RUNTIME}</script><script type="module" src="/_astro/a.js"></script><style>${STYLE}</style>`;
    expect([...inlineHashes(html)]).toEqual([hash(RUNTIME), hash(STYLE)]);
  });
});

describe('policyForHashes', () => {
  it('keeps the hashes named and every other source, in each policy of a comma-joined header', () => {
    const policy = `default-src 'self'; script-src 'self' ${hash(RUNTIME)} ${OTHER_PAGE}; style-src 'self' ${OTHER_STYLE} ${hash(STYLE)};, frame-ancestors 'none'`;
    expect(policyForHashes(policy, new Set([hash(RUNTIME), hash(STYLE)]))).toBe(
      `default-src 'self'; script-src 'self' ${hash(RUNTIME)}; style-src 'self' ${hash(STYLE)};, frame-ancestors 'none'`,
    );
  });
});

describe('withPagePolicy', () => {
  it("rewrites the page's <meta> policy and its header to its own inline elements", async () => {
    const policy = `script-src 'self' ${hash(RUNTIME)} ${OTHER_PAGE}; style-src 'self' ${hash(STYLE)} ${OTHER_STYLE}`;
    const html = `<html><head><meta http-equiv="content-security-policy" content="${policy}"><style>${STYLE}</style></head><body><script>${RUNTIME}</script></body></html>`;
    const answer = await withPagePolicy(
      new Response(html, { status: 503, headers: { 'content-type': 'text/html', 'content-security-policy': policy, 'retry-after': '5' } }),
    );
    const own = `script-src 'self' ${hash(RUNTIME)}; style-src 'self' ${hash(STYLE)}`;
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.headers.get('content-security-policy')).toBe(own);
    expect(await answer.text()).toContain(`<meta http-equiv="content-security-policy" content="${own}">`);
  });
});
