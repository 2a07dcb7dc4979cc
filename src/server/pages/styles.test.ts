import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import { describe, expect, it } from 'vitest';
import { classesInMarkup, elementsInMarkup, pageStyles, propertiesRead, selectorCanMatch, selectorClasses, selectorElements } from './styles.ts';
import { siteStylesheetPath } from './site-stylesheet.ts';

const CSS = [
  '/*! tailwindcss v4 | MIT License | https://tailwindcss.com */',
  '@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-shadow:0 0 #0000;--tw-ring:0 0 #0000}}}',
  '@layer theme{:root,:host{--color-ink:#111;--color-gold:gold;--font-sans:var(--font-inter);--color-unread:pink}}',
  '@layer base{h1,h2{margin:0}.prose-reset{padding:0}body{font-family:var(--font-sans)}table{border-collapse:collapse}',
  ':where(select:is([multiple],[size])) optgroup{font-weight:bolder}::placeholder{opacity:1}',
  '[hidden]:where(:not([hidden=until-found])){display:none!important}:-moz-focusring:where(:not(iframe)){outline:auto}}',
  '@layer utilities{.a{color:red}.b{color:blue}.unused{color:pink}',
  '.shadow{--tw-shadow:0 1px 2px #0001;box-shadow:var(--tw-shadow)}.ring{box-shadow:var(--tw-ring)}',
  '.group:hover .group-hover\\:e{color:gold}',
  '@media (width>=48rem){.md\\:c{color:green}.md\\:d{color:grey}}',
  '@media (width>=96rem){.\\32 xl\\:f{color:teal}}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@media print{body>footer,.no-print{display:none}.gone{color:red}}',
  '@media (prefers-reduced-motion:no-preference){.toast[data-state=open]{animation:toast-in .2s}.a[data-open]{animation:a-in .2s}}',
  '[aria-current=page]{text-decoration:underline}',
  '@keyframes toast-in{0%{opacity:0}}@keyframes a-in{0%{opacity:0}}',
].join('');
const page = (body: string) =>
  `<!doctype html><html><head><style>${CSS}</style></head><body>${body}</body></html>`;
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

describe('selectorElements', () => {
  it('names the elements a selector needs, not those it negates, tests as attributes or passes as arguments', () => {
    expect(selectorElements('h1')).toEqual(['h1']);
    expect(selectorElements(':where(select:is([multiple],[size])) optgroup')).toEqual(['select', 'optgroup']);
    expect(selectorElements('input:where([type=button],[type=reset])')).toEqual(['input']);
    expect(selectorElements(':-moz-focusring:where(:not(iframe))')).toEqual([]);
    expect(selectorElements('.prose ul>:not(:last-child)')).toEqual(['ul']);
    expect(selectorElements('p:lang(en)')).toEqual(['p']);
    expect(selectorElements('::placeholder')).toEqual([]);
  });
});

describe('selectorCanMatch', () => {
  it('needs every class and element, and a form control for a form control\'s pseudo-element', () => {
    const classes = new Set(['prose']);
    expect(selectorCanMatch('.prose ul', classes, new Set(['ul']))).toBe(true);
    expect(selectorCanMatch('.prose ol', classes, new Set(['ul']))).toBe(false);
    expect(selectorCanMatch('.card', classes, new Set(['div']))).toBe(false);
    expect(selectorCanMatch('::placeholder', classes, new Set(['p']))).toBe(false);
    expect(selectorCanMatch('::placeholder', classes, new Set(['textarea']))).toBe(true);
    expect(selectorCanMatch('::-webkit-datetime-edit-year-field', classes, new Set(['input']))).toBe(true);
    expect(selectorCanMatch('*,:after,::backdrop', classes, new Set())).toBe(true);
  });
});

describe('elementsInMarkup', () => {
  it('names every element of the markup, lower case', () => {
    expect([...elementsInMarkup('<!doctype html><HTML><body><p>x</p><svg><path d=""/></svg></body>')]).toEqual(['html', 'body', 'p', 'svg', 'path']);
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

describe('propertiesRead', () => {
  it('names every custom property read with var()', () => {
    expect([...propertiesRead('a{b:var(--x);c:var( --y-z, var(--w))} --not-read:1')]).toEqual(['--x', '--y-z', '--w']);
  });
});

describe('pageStyles', () => {
  const styles = pageStyles();

  it("keeps the utilities and the reset rules the page's markup can use", () => {
    const html = styles.prune(page('<h1 class="a md:c 2xl:f">Hi</h1>')).html;
    const css = styleOf(html);
    expect(css).toContain('.a{color:red}');
    expect(css).not.toContain('.b{'); // only an island adds it: the island fetches the whole sheet
    expect(css).toContain('.md\\:c{color:green}');
    expect(css).toContain('.\\32 xl\\:f{color:teal}');
    expect(css).not.toContain('.unused');
    expect(css).not.toContain('.md\\:d');
    expect(css).not.toContain('group-hover');
    // Of the reset, what this page's elements and classes can match: no table, list box or field.
    expect(css).toContain(
      '@layer base{h1{margin:0}body{font-family:var(--font-sans)}[hidden]:where(:not([hidden=until-found])){display:none!important}:-moz-focusring:where(:not(iframe)){outline:auto}}',
    );
  });

  it("names the whole sheet's file on the root element, for islands to fetch", () => {
    const html = styles.prune(page('<p class="a">x</p>')).html;
    expect(html).toContain(`<html data-site-stylesheet="${siteStylesheetPath(CSS)}">`);
    expect(siteStylesheetPath(CSS)).toMatch(/^\/_astro\/site\.[\w-]{12}\.css$/);
  });

  it('keeps only the custom properties something on the page reads, following what they read in turn', () => {
    const css = styleOf(styles.prune(page('<p class="shadow">x</p>')).html);
    // Read by a kept utility: its registration and its fallback stay.
    expect(css).toContain('@property --tw-shadow{');
    expect(css).toContain('--tw-shadow:0 0 #0000');
    // Read by no kept rule (.ring is cut).
    expect(css).not.toContain('--tw-ring');
    // The base layer reads --font-sans, which reads --font-inter (another style's variable).
    expect(css).toContain('--font-sans:var(--font-inter)');
    expect(css).not.toContain('--color-unread');
    expect(css).not.toContain('--color-gold');
  });

  it('keeps a theme variable that another style or a style attribute on the page reads', () => {
    const html = page('<p class="a" style="color:var(--color-gold)">x</p><style>.prose{color:var(--color-ink)}</style>');
    const css = styleOf(styles.prune(html).html);
    expect(css).toContain('--color-gold:gold');
    expect(css).toContain('--color-ink:#111');
    expect(css).not.toContain('--color-unread');
  });

  it('drops a media query left empty, and keeps a group variant when the group is there too', () => {
    const css = styleOf(styles.prune(page('<a class="group"><span class="group-hover:e">x</span></a>')).html);
    expect(css).toContain('.group:hover .group-hover\\:e{color:gold}');
    expect(css).not.toContain('@media');
    // Its unread fallbacks gone, the properties layer is empty from the inside out, and goes too.
    expect(css).not.toContain('@supports');
    expect(css).not.toContain('@layer properties');
  });

  it('keeps the unlayered rules the page can use, and only the keyframes a kept rule animates with', () => {
    const css = styleOf(styles.prune(page('<p class="a" aria-current="page">x</p><footer>f</footer>')).html);
    expect(css).toContain('@media print{body>footer{display:none}}');
    expect(css).toContain('@media (prefers-reduced-motion:no-preference){.a[data-open]{animation:a-in .2s}}');
    expect(css).toContain('[aria-current=page]{text-decoration:underline}');
    expect(css).toContain('@keyframes a-in{0%{opacity:0}}');
    // The toast is an island's: the whole sheet it fetches has its rule and keyframes.
    expect(css).not.toContain('.toast');
    expect(css).not.toContain('toast-in');
  });

  it("folds the head's styles and Astro's island rule into one element, in their order, and leaves the body's others", () => {
    const html = styles.prune(
      `<!doctype html><html><head><style>@font-face{font-family:A}</style><link rel="preload" href="/a.woff2"><style>${CSS}</style><style>.late{}</style></head>` +
        `<body><p class="a">x</p><style>.in-body{}</style><style>${ISLAND_STYLES}</style><astro-island></astro-island></body></html>`,
    ).html;
    expect([...html.matchAll(/<style>/g)]).toHaveLength(2);
    expect(html).toMatch(
      /^<!doctype html><html data-site-stylesheet="[^"]+"><head><style>@font-face\{font-family:A\}\/\*! tailwindcss[^<]*\.a\{color:red\}[^<]*\.late\{\}astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style><link rel="preload" href="\/a.woff2"><\/head><body><p class="a">x<\/p><style>\.in-body\{\}<\/style><astro-island><\/astro-island><\/body><\/html>$/,
    );
  });

  it('gives the same answer from its cache for the same classes', () => {
    const first = styles.prune(page('<p class="a">1</p>')).html;
    const second = styles.prune(page('<p class="a">2</p>')).html;
    expect(styleOf(second)).toBe(styleOf(first));
  });

  it('leaves a page with a client-only island whole, and vouches for no style of it', () => {
    const html = page('<astro-island uid="x" component-url="/_astro/AdminApp.js" client="only"></astro-island>');
    expect(styles.prune(html)).toEqual({ html, style: null });
  });

  it('names the content of the one style element it wrote', () => {
    const pruned = styles.prune(page('<p class="a">x</p>'));
    expect(pruned.style).toBe(styleOf(pruned.html));
  });
});
