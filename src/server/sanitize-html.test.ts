import { describe, expect, it } from 'vitest';
import { isAllowedLinkUrl } from '../islands/admin/editor/html.ts';
import { sanitizeArticleBodyUnderTitle, sanitizeArticleHtml, sanitizeArticleHtmlForFeed, sanitizeArticleHtmlNamingMedia } from './sanitize-html.ts';

// Payloads that get past filters which look for script by pattern (encodings, broken tags, event
// attributes, URL schemes), drawn from the well-known XSS filter-evasion lists.
// Every one must come out with no executable markup at all.
const XSS_CORPUS: Record<string, string> = {
  'script tag': '<script>window.__xss=1</script>',
  'script tag, upper case': '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  'script split by a nested tag': '<<script>script>window.__xss=1<</script>/script>',
  'img onerror': '<img src=x onerror="window.__xss=1">',
  'img onerror, no quotes, slash separator': '<img/src=x/onerror=window.__xss=1>',
  'event handler on an allowed tag': '<p onclick="window.__xss=1" onmouseover=window.__xss=1>hover</p>',
  'event handler on a link': '<a href="https://example.com" onfocus="window.__xss=1" autofocus>x</a>',
  'body onload': '<body onload=window.__xss=1>',
  'javascript: link': '<a href="javascript:window.__xss=1">click</a>',
  'javascript: link, mixed case and spaces': '<a href="  JaVaScRiPt:window.__xss=1">click</a>',
  'javascript: link, tab entity inside': '<a href="jav&#x09;ascript:window.__xss=1">click</a>',
  'javascript: link, decimal entities': '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1">x</a>',
  'javascript: link, newline inside': '<a href="java\nscript:window.__xss=1">x</a>',
  'vbscript: link': '<a href="vbscript:msgbox(1)">x</a>',
  'data: link': '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">x</a>',
  'data: image': '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  iframe: '<iframe src="https://evil.example"></iframe>',
  'iframe srcdoc': '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
  'object/embed': '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  'style attribute': '<p style="background:url(javascript:window.__xss=1)">styled</p>',
  'style element': '<style>@import "https://evil.example/x.css"; body{background:red}</style>',
  'svg onload': '<svg onload=window.__xss=1><circle r=1 /></svg>',
  'svg script': '<svg><script>window.__xss=1</script></svg>',
  'svg animate href': '<svg><a><animate attributeName=href values=javascript:window.__xss=1 /><text>x</text></a></svg>',
  'math xlink': '<math><mi xlink:href="javascript:window.__xss=1">m</mi></math>',
  'form action': '<form action="javascript:window.__xss=1"><button>go</button></form>',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  'base href': '<base href="javascript:window.__xss=1//">',
  'noscript breakout': '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>"></noscript>',
  'unclosed attribute': '<p title="<img src=x onerror=window.__xss=1>">t',
  'broken markup': '<p>unclosed <b>bold <i>italic <a href="javascript:window.__xss=1">x',
  'comment hiding a tag': '<!--<img src=x onerror=window.__xss=1>--><p>after</p>',
  'CDATA': '<![CDATA[<script>window.__xss=1</script>]]>',
  'template': '<template><img src=x onerror=window.__xss=1></template>',
  'details ontoggle': '<details open ontoggle=window.__xss=1><summary>s</summary></details>',
  'video source onerror': '<video><source onerror="window.__xss=1"></video>',
  'input autofocus': '<input autofocus onfocus=window.__xss=1>',
  'link import': '<link rel="stylesheet" href="https://evil.example/x.css">',
  'protocol-relative link': '<a href="//evil.example/x">x</a>',
};

/** No executable element, event handler, style or script-bearing URL is left in the output. */
function assertInert(out: string) {
  expect(out).not.toMatch(/<\s*(script|iframe|img|svg|math|style|object|embed|form|meta|base|link|template|video|source|input|details|body)\b/i);
  expect(out).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/\sstyle\s*=/i);
  expect(out).not.toMatch(/(href|src|action|data)\s*=\s*["']?\s*(javascript|vbscript|data):/i);
  expect(out).not.toMatch(/srcdoc/i);
}

describe('sanitizeArticleHtml: XSS corpus', () => {
  for (const [name, payload] of Object.entries(XSS_CORPUS)) {
    it(`neutralises ${name}`, () => {
      const out = sanitizeArticleHtml(payload);
      assertInert(out);
      // Idempotent: sanitising on save and again at render gives the same markup.
      expect(sanitizeArticleHtml(out)).toBe(out);
    });
  }

  it('drops script, style and svg content rather than leaving it as text', () => {
    expect(sanitizeArticleHtml('<p>a</p><script>var secret=1</script><style>p{}</style><svg><text>t</text></svg>')).toBe('<p>a</p>');
  });

  it('keeps a javascript: link as a blank link with its text, as the editor does', () => {
    expect(sanitizeArticleHtml('<a href="javascript:window.__xss=1">click</a>')).toBe('<a>click</a>');
  });

  it('balances broken markup', () => {
    expect(sanitizeArticleHtml('<p>unclosed <b>bold <i>italic')).toBe('<p>unclosed <b>bold <i>italic</i></b></p>');
  });
});

describe('sanitizeArticleHtml: the editor formats survive', () => {
  it('keeps headings 1-3, paragraphs, breaks, emphasis and lists unchanged', () => {
    const html =
      '<h1>One</h1><h2>Two</h2><h3>Three</h3><p>A<br />b <strong>s</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u></p>' +
      '<ol><li>first</li></ol><ul><li>bullet</li></ul>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('strips classes, styles and unknown wrappers but keeps their text', () => {
    expect(sanitizeArticleHtml('<p class="editor-paragraph" dir="ltr"><span style="white-space: pre-wrap;">Text</span></p>')).toBe(
      '<p>Text</p>',
    );
  });

  it('drops a quote\'s tag and keeps the paragraphs it holds, unnested (the editor pastes a quote as its paragraphs)', () => {
    expect(sanitizeArticleHtml('<p>Before</p><blockquote><p>One</p><p>Two <b>words</b></p></blockquote><p>After</p>')).toBe(
      '<p>Before</p><p>One</p><p>Two <b>words</b></p><p>After</p>',
    );
  });

  it('folds h4-h6 into h3', () => {
    expect(sanitizeArticleHtml('<h5>Small</h5>')).toBe('<h3>Small</h3>');
  });

  it('sets the body\'s highest heading at h2 under the page title, the rest at their distance, with the same allowlist', () => {
    expect(sanitizeArticleBodyUnderTitle('<h1>One</h1><h2>Two</h2><h3>Three</h3><h5>Small</h5><p>Text<script>x</script></p>')).toBe(
      '<h2>One</h2><h3>Two</h3><h4>Three</h4><h4>Small</h4><p>Text</p>',
    );
    expect(sanitizeArticleBodyUnderTitle('<h4 onclick="x()">Kept</h4><a href="javascript:alert(1)">y</a>')).toBe('<h2>Kept</h2><a>y</a>');
    // A body that starts at the editor's Heading 2 (or 3) starts at h2 under the title: no level skipped.
    expect(sanitizeArticleBodyUnderTitle('<h2>Why</h2><p>a</p><h3>How</h3>')).toBe('<h2>Why</h2><p>a</p><h3>How</h3>');
    expect(sanitizeArticleBodyUnderTitle('<h3>Only</h3><p>a</p>')).toBe('<h2>Only</h2><p>a</p>');
    expect(sanitizeArticleBodyUnderTitle('<p>No headings</p>')).toBe('<p>No headings</p>');
  });

  it('gives external links rel="noopener noreferrer" and a new tab, replacing author rel/target', () => {
    expect(sanitizeArticleHtml('<a href="https://example.com/a?b=1&amp;c=2" rel="opener" target="_self" title="t">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="http://example.com">x</a>')).toContain('rel="noopener noreferrer"');
  });

  it('ends each link that opens a new tab with a visually hidden note on the page, and stores none', () => {
    const body = '<p><a href="https://example.com/r">the <strong>report</strong></a>, <a href="/contact">us</a> and <a href="mailto:hello@example.com">m</a></p>';
    expect(sanitizeArticleBodyUnderTitle(body)).toBe(
      '<p><a href="https://example.com/r" rel="noopener noreferrer" target="_blank">the <strong>report</strong><span class="sr-only"> (opens in a new tab)</span></a>, ' +
        '<a href="/contact">us</a> and <a href="mailto:hello@example.com">m</a></p>',
    );
    expect(sanitizeArticleBodyUnderTitle('<h3>Read</h3><a href="http://example.com">x</a>')).toBe(
      '<h2>Read</h2><a href="http://example.com" rel="noopener noreferrer" target="_blank">x<span class="sr-only"> (opens in a new tab)</span></a>',
    );
    // The stored body is what the editor loads: the note would show there as the link's words.
    expect(sanitizeArticleHtml(body)).toBe(
      '<p><a href="https://example.com/r" rel="noopener noreferrer" target="_blank">the <strong>report</strong></a>, ' +
        '<a href="/contact">us</a> and <a href="mailto:hello@example.com">m</a></p>',
    );
  });

  it('never doubles the note: what the page rendered renders the same again, and sanitises as the stored body', () => {
    const body = '<p>See <a href="https://example.com/r">one</a> and <a href="https://example.com/s">two</a>, <a href="/contact">us</a></p><h2>Next</h2>';
    const page = sanitizeArticleBodyUnderTitle(body);
    expect(page.split('(opens in a new tab)')).toHaveLength(3);
    expect(sanitizeArticleBodyUnderTitle(page)).toBe(page);
    expect(sanitizeArticleHtml(page)).toBe(sanitizeArticleHtml(body));
    expect(sanitizeArticleHtml(sanitizeArticleHtml(page))).toBe(sanitizeArticleHtml(page));
  });

  it('drops visually hidden text with its element rather than showing it, and keeps other spans\' text', () => {
    expect(sanitizeArticleHtml('<p>Seen<span class="note sr-only"> hidden <b>words</b></span> <span style="white-space: pre-wrap;">kept</span></p>')).toBe('<p>Seen kept</p>');
  });

  it("drops the href of a web link that names no host, as the editor writes a link with no address ('https://')", () => {
    for (const href of ['https://', 'http://', 'HTTPS://', ' https:// ', 'https://?q=1']) {
      expect(sanitizeArticleHtml(`<p><a href="${href}" target="_blank">x</a></p>`), href).toBe('<p><a>x</a></p>');
    }
    expect(sanitizeArticleHtmlForFeed('<a href="https://">x</a>', 'https://surgere.example/insights/a')).toBe('<a>x</a>');
    // A host is all it takes: these stay links.
    expect(sanitizeArticleHtml('<a href="https://example.com">x</a>')).toContain('href="https://example.com"');
    expect(sanitizeArticleHtml('<a href="http://localhost:8080/a">x</a>')).toContain('href="http://localhost:8080/a"');
  });

  it('keeps mailto:, tel: and site-relative links without a new tab', () => {
    expect(sanitizeArticleHtml('<a href="mailto:hello@example.com">m</a><a href="tel:+61280054120">t</a><a href="/contact">c</a>')).toBe(
      '<a href="mailto:hello@example.com">m</a><a href="tel:+61280054120">t</a><a href="/contact">c</a>',
    );
  });

  it('answers an empty string for empty input', () => {
    expect(sanitizeArticleHtml('')).toBe('');
  });

  it('keeps the href of every link the editor takes, and the editor takes none the sanitiser would drop', () => {
    const taken = ['https://example.com/a', 'http://example.com', 'mailto:hello@example.com', 'tel:+61 2 8005 4120'];
    const refused = ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'ftp://example.com/file', 'https://', 'mailto:'];
    expect(taken.map(isAllowedLinkUrl)).toEqual([true, true, true, true]);
    expect(refused.map(isAllowedLinkUrl)).toEqual([false, false, false, false, false, false]);
    for (const href of taken) expect(sanitizeArticleHtml(`<a href="${href}">x</a>`), href).toContain(`href="${href}"`);
    for (const href of refused.slice(0, 4)) expect(sanitizeArticleHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
  });

  it("refuses a web address with no host, such as a query typed after the link field's 'https://', which the sanitiser would drop", () => {
    const hostless = ['https://?page=2', 'http://?x', 'https://#top'];
    expect(hostless.map(isAllowedLinkUrl)).toEqual([false, false, false]);
    for (const href of hostless) expect(sanitizeArticleHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    expect(isAllowedLinkUrl('https://surgere.example/insights?page=2')).toBe(true);
  });
});

describe('sanitizeArticleHtmlNamingMedia: what the cleaning dropped that showed a picture or played media', () => {
  it('cleans as sanitizeArticleHtml does and names each media element once, in the order met', () => {
    for (const html of Object.values(XSS_CORPUS)) expect(sanitizeArticleHtmlNamingMedia(html).clean, html).toBe(sanitizeArticleHtml(html));
    expect(sanitizeArticleHtmlNamingMedia('<p>a<iframe src="https://x.example"></iframe><img src=1><IMG src=2><audio></audio></p>')).toEqual({
      clean: '<p>a</p>',
      media: ['iframe', 'img', 'audio'],
    });
    expect(sanitizeArticleHtmlNamingMedia('<object data="x"><embed src="y"></object>').media).toEqual(['object', 'embed']);
    // What a browser shows as a picture or a page under other names.
    expect(sanitizeArticleHtmlNamingMedia('<p>a<image src=x.png></p><input type=IMAGE src=y.png><frameset><frame src=z></frameset><applet code=c></applet><bgsound src=s>').media).toEqual([
      'image',
      'input',
      'frameset',
      'frame',
      'applet',
      'bgsound',
    ]);
    expect(sanitizeArticleHtmlNamingMedia('<p><input type="text"> words</p>').media).toEqual([]);
  });

  it('names none for words alone, nor for markup that is only text (in a script, a comment, an attribute)', () => {
    for (const html of ['', '<p>Words <b>bold</b></p>', '<script>"<img src=x>"</script><p>a</p>', '<!--<img src=x>--><p>a</p>', '<p title="<img src=x>">a</p>', '<p>&lt;img&gt;</p>']) {
      expect(sanitizeArticleHtmlNamingMedia(html).media, html).toEqual([]);
    }
  });
});

describe('sanitizeArticleHtmlForFeed: the body a feed reader shows far from the site', () => {
  const ARTICLE = 'https://surgere.example/insights/growth';

  it("makes a relative link absolute against the article's URL; other links are as on the page", () => {
    expect(sanitizeArticleHtmlForFeed('<p><a href="/services">s</a> <a href="/insights?page=2#top">i</a> <a href="#part-2">p</a> <a href="pricing">r</a></p>', ARTICLE)).toBe(
      '<p><a href="https://surgere.example/services" rel="noopener noreferrer" target="_blank">s</a> ' +
        '<a href="https://surgere.example/insights?page=2#top" rel="noopener noreferrer" target="_blank">i</a> ' +
        '<a href="https://surgere.example/insights/growth#part-2" rel="noopener noreferrer" target="_blank">p</a> ' +
        '<a href="https://surgere.example/insights/pricing" rel="noopener noreferrer" target="_blank">r</a></p>',
    );
    expect(sanitizeArticleHtmlForFeed('<a href="mailto:hello@example.com">m</a><a href="https://example.com/a">x</a>', ARTICLE)).toBe(
      '<a href="mailto:hello@example.com">m</a><a href="https://example.com/a" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('never turns a protocol-relative look-alike into another host', () => {
    for (const href of ['//evil.example/x', '/\\evil.example', '\\\\evil.example', '/&#9;/evil.example', '/&#10;/evil.example', '/%09/evil.example']) {
      const out = sanitizeArticleHtmlForFeed(`<a href="${href}">x</a>`, ARTICLE);
      // Dropped, or kept on the site: never a link to the other host.
      expect(out, href).not.toMatch(/href="(https?:)?\/\/evil/);
    }
  });

  it('sanitises like the page does', () => {
    expect(sanitizeArticleHtmlForFeed('<p onclick="x()">a<script>alert(1)</script></p><img src=x onerror=alert(1)>', ARTICLE)).toBe('<p>a</p>');
  });
});
