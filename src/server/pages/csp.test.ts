import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashes, policyForHashes, withPagePolicy } from './csp.ts';

const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
const RUNTIME = 'document.documentElement.dataset.js="1"';
const STYLE = 'p{color:red}';
const OTHER_PAGE = hash('console.log("another page")');
const OTHER_STYLE = hash('h1{color:blue}');

describe('inlineHashes', () => {
  it('hashes inline scripts and styles apart, each once, and not scripts loaded by src', () => {
    const html = `<script>${RUNTIME}</script><script type="module" src="/_astro/a.js"></script><style>${STYLE}</style><script>${RUNTIME}</script>`;
    expect(inlineHashes(html)).toEqual({ 'script-src': [hash(RUNTIME)], 'style-src': [hash(STYLE)] });
  });
});

describe('policyForHashes', () => {
  it('makes the hashed directives name the given hashes it named, and the vouched ones, in each policy of a comma-joined header', () => {
    const policy = `default-src 'self'; script-src 'self' ${hash(RUNTIME)} ${OTHER_PAGE}; style-src 'self' ${OTHER_STYLE};, frame-ancestors 'none'`;
    expect(policyForHashes(policy, { 'script-src': [hash(RUNTIME)], 'style-src': [hash(STYLE)] }, [hash(STYLE)])).toBe(
      `default-src 'self'; script-src 'self' ${hash(RUNTIME)}; style-src 'self' ${hash(STYLE)};, frame-ancestors 'none'`,
    );
  });

  it('leaves a directive that names no hash as it is', () => {
    const policy = `script-src 'self'; style-src 'self' 'unsafe-inline'`;
    expect(policyForHashes(policy, { 'script-src': [hash(RUNTIME)], 'style-src': [hash(STYLE)] })).toBe(policy);
  });
});

describe('withPagePolicy', () => {
  it("rewrites the page's <meta> policy and its header to its own inline elements, the pruner's style included", () => {
    const policy = `script-src 'self' ${hash(RUNTIME)} ${OTHER_PAGE}; style-src 'self' ${OTHER_STYLE}`;
    const html = `<html><head><meta http-equiv="content-security-policy" content="${policy}"><style>${STYLE}</style></head><body><script>${RUNTIME}</script></body></html>`;
    const page = withPagePolicy(html, policy, STYLE);
    const own = `script-src 'self' ${hash(RUNTIME)}; style-src 'self' ${hash(STYLE)}`;
    expect(page.header).toBe(own);
    expect(page.html).toBe(html.replace(policy, own));
  });

  it("never allows an inline script the policy did not name: markup injected into a page gets no hash of its own", () => {
    const INJECTED = 'window.__xss=1';
    const policy = `script-src 'self' ${hash(RUNTIME)} ${OTHER_PAGE}; style-src 'self' ${OTHER_STYLE}`;
    const html = `<html><head><meta http-equiv="content-security-policy" content="${policy}"></head><body><script>${RUNTIME}</script><p><script>${INJECTED}</script></p></body></html>`;
    const page = withPagePolicy(html, policy);
    expect(page.header).toBe(`script-src 'self' ${hash(RUNTIME)}; style-src 'self'`);
    expect(page.html).toContain(`content="script-src 'self' ${hash(RUNTIME)}; style-src`);
  });

  it('never allows an inline style that neither the policy named nor the pruner wrote', () => {
    const INJECTED = 'html{background:red}';
    const policy = `script-src 'self' ${hash(RUNTIME)}; style-src 'self' ${OTHER_STYLE} ${hash('h2{margin:0}')}`;
    const html = `<html><head><meta http-equiv="content-security-policy" content="${policy}"><style>${STYLE}</style></head><body><style>h2{margin:0}</style><p><style>${INJECTED}</style></p></body></html>`;
    const page = withPagePolicy(html, policy, STYLE);
    expect(page.header).toBe(`script-src 'self'; style-src 'self' ${hash(STYLE)} ${hash('h2{margin:0}')}`);
  });

  it('sends no header when the page had none', () => {
    expect(withPagePolicy('<p>x</p>', null)).toEqual({ html: '<p>x</p>', header: null });
  });
});
