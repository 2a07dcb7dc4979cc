import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { classesInMarkup, pageStyles, selectorClasses } from './page-styles.ts';

const CSS = [
  '/*! tailwindcss v4 | MIT License | https://tailwindcss.com */',
  '@layer base{h1{margin:0}.prose-reset{padding:0}}',
  '@layer utilities{.a{color:red}.b{color:blue}.unused{color:pink}',
  '.group:hover .group-hover\\:e{color:gold}',
  '@media (width>=48rem){.md\\:c{color:green}.md\\:d{color:grey}}',
  '@media (width>=96rem){.\\32 xl\\:f{color:teal}}}',
].join('');
const hash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
const page = (body: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="style-src 'self' ${hash(CSS)}"><style>${CSS}</style></head><body>${body}</body></html>`;
const styleOf = (html: string) => html.match(/<style>([\s\S]*?)<\/style>/)![1];

describe('selectorClasses', () => {
  it('unescapes the classes a selector needs', () => {
    expect(selectorClasses('.md\\:py-8')).toEqual(['md:py-8']);
    expect(selectorClasses('.w-1\\/2')).toEqual(['w-1/2']);
    expect(selectorClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4']);
    expect(selectorClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline']);
    expect(selectorClasses('.shadow-\\[0_-8px_30px_rgb\\(0_0_0\\/0\\.08\\)\\]')).toEqual(['shadow-[0_-8px_30px_rgb(0_0_0/0.08)]']);
    expect(selectorClasses(':root')).toEqual([]);
  });
});

describe('classesInMarkup', () => {
  it('reads every class attribute, entities decoded', () => {
    expect([...classesInMarkup('<p class="a  md:c">x</p><div class="content-[&#39;x&#39;] b"></div><p data-class="z">')]).toEqual([
      'a',
      'md:c',
      "content-['x']",
      'b',
    ]);
  });
});

describe('pageStyles', () => {
  const styles = pageStyles(['b']);

  it("keeps the utilities the page's markup and its islands use, and every other layer whole", () => {
    const { html, styleHash } = styles.prune(page('<h1 class="a md:c 2xl:f">Hi</h1>'));
    const css = styleOf(html);
    expect(css).toContain('.a{color:red}');
    expect(css).toContain('.b{color:blue}'); // an island may add it
    expect(css).toContain('.md\\:c{color:green}');
    expect(css).toContain('.\\32 xl\\:f{color:teal}');
    expect(css).not.toContain('.unused');
    expect(css).not.toContain('.md\\:d');
    expect(css).not.toContain('group-hover');
    expect(css).toContain('@layer base{h1{margin:0}.prose-reset{padding:0}}');
    expect(styleHash).toEqual({ from: hash(CSS), to: hash(css) });
    expect(html).toContain(`style-src 'self' ${hash(css)}`);
    expect(html).not.toContain(hash(CSS));
  });

  it('drops a media query left empty, and keeps a group variant when the group is there too', () => {
    const css = styleOf(styles.prune(page('<a class="group"><span class="group-hover:e">x</span></a>')).html);
    expect(css).toContain('.group:hover .group-hover\\:e{color:gold}');
    expect(css).not.toContain('@media');
  });

  it('gives the same answer from its cache for the same classes', () => {
    const first = styles.prune(page('<p class="a">1</p>')).html;
    const second = styles.prune(page('<p class="a">2</p>')).html;
    expect(styleOf(second)).toBe(styleOf(first));
  });

  it('leaves a page with a client-only island whole', () => {
    const html = page('<astro-island uid="x" component-url="/_astro/AdminApp.js" client="only"></astro-island>');
    expect(styles.prune(html)).toEqual({ html });
  });

  it('rewrites the policy header of an on-demand answer to the new hash', async () => {
    const response = new Response(page('<p class="a">x</p>').replace(/<meta[^>]*>/, ''), {
      status: 404,
      headers: { 'content-type': 'text/html', 'content-security-policy': `default-src 'self'; style-src 'self' ${hash(CSS)}`, 'x-kept': 'yes' },
    });
    const pruned = await styles.pruneResponse(response);
    const css = styleOf(await pruned.text());
    expect(pruned.status).toBe(404);
    expect(pruned.headers.get('x-kept')).toBe('yes');
    expect(pruned.headers.get('content-security-policy')).toBe(`default-src 'self'; style-src 'self' ${hash(css)}`);
  });
});
