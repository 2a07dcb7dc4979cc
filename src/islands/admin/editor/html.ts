/**
 * HTML in and out of the editor with @lexical/html, so an article saved as HTML comes back for
 * editing as the same headings, lists, links and formats.
 */
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type LexicalEditor, type LexicalNode } from 'lexical';
import { ARTICLE_LINK_SCHEMES, type ArticleLinkScheme } from '../../../lib/article-link-schemes';

/**
 * Lexical writes a link's address through its formatUrl, which reads one with no scheme that does
 * not start with '/', '#' or '.' as a host ('pricing' became 'https://pricing', another site).
 * A path-relative link (an API client's; the page resolves it against the article's address) is
 * loaded as './pricing': the same address, in a form Lexical keeps. A query alone ('?page=2') has
 * no such form; ArticleLinkNode (link-node.ts) writes it as it is.
 */
function keepRelativeLinks(dom: Document): void {
  for (const link of dom.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href')!.trim();
    if (href && !/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^[/#.?]/.test(href)) link.setAttribute('href', `./${href}`);
  }
}

/** Replaces the editor's content with the nodes parsed from `html` (inside editor.update). */
export function $loadHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  if (html.trim()) {
    const dom = new DOMParser().parseFromString(html, 'text/html');
    keepRelativeLinks(dom);
    let paragraph: ReturnType<typeof $createParagraphNode> | null = null;
    for (const node of $generateNodesFromDOM(editor, dom) as LexicalNode[]) {
      // The root takes only blocks: loose inline nodes (text outside any <p>) go into a paragraph.
      if ($isElementNode(node) && !node.isInline()) {
        paragraph = null;
        root.append(node);
      } else if ($isDecoratorNode(node) && !node.isInline()) {
        paragraph = null;
        root.append(node);
      } else {
        if (!paragraph) {
          paragraph = $createParagraphNode();
          root.append(paragraph);
        }
        paragraph.append(node);
      }
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

/** A Word list paragraph's list ('l0') and depth, from its `mso-list: l0 level2 lfo1` style; null for any other element. */
function wordListItem(element: Element): { list: string; level: number } | null {
  const match = /mso-list:\s*(l\d+)\s+level(\d+)/i.exec(element.getAttribute('style') ?? '');
  return element.tagName === 'P' && match ? { list: match[1]!.toLowerCase(), level: Number(match[2]) } : null;
}

/** A Word list marker that counts ('1.', 'a)', 'iv.'), as against a bullet ('·', 'o', '§'). */
const NUMBERED_MARKER = /^[A-Za-z0-9]+[.)]$/;

/**
 * Word puts no list on the clipboard: each item is a paragraph whose style names its list and
 * depth, its marker ('·', '1.') written out as text in a span styled `mso-list:Ignore`. Lexical
 * would keep each as a paragraph starting with that marker and a run of spaces, on the page too.
 * Each run of such paragraphs becomes the nested <ul>/<ol> it shows, its markers dropped; Word's
 * list ids keep two lists with nothing between them apart.
 */
function rebuildWordLists(dom: Document): void {
  for (const first of Array.from(dom.querySelectorAll('p'))) {
    if (!first.isConnected || wordListItem(first) === null) continue;
    const lists: { id: string; tag: string; level: number; list: HTMLElement }[] = [];
    const anchor = dom.createElement('template');
    first.before(anchor);
    for (let item: Element | null = first, next: Element | null; item && wordListItem(item) !== null; item = next) {
      next = item.nextElementSibling;
      const { list: id, level } = wordListItem(item)!;
      const marker = item.querySelector('span[style*="mso-list:Ignore" i]');
      let markerBox = marker;
      while (markerBox?.parentElement && markerBox.parentElement !== item && markerBox.parentElement.tagName === 'SPAN') markerBox = markerBox.parentElement;
      const markerText = marker?.textContent?.trim() ?? '';
      const tag = NUMBERED_MARKER.test(markerText) ? 'ol' : 'ul';
      markerBox?.remove();
      while (lists.length > 1 && lists.at(-1)!.level > level) lists.pop();
      // Another of Word's lists, or bullets turning to numbers, at the same depth: a list of its own.
      const top = lists.at(-1);
      if (top && top.level === level && (top.id !== id || top.tag !== tag)) lists.pop();
      if (lists.length === 0 || level > lists.at(-1)!.level) {
        const list = dom.createElement(tag);
        // A numbered list that Word continues after a paragraph counts on from its first marker.
        const count = /^(\d+)[.)]$/.exec(markerText);
        if (tag === 'ol' && count && Number(count[1]) > 1) list.setAttribute('start', String(Number(count[1])));
        const parent = lists.at(-1)?.list;
        if (parent) (parent.lastElementChild ?? parent.appendChild(dom.createElement('li'))).append(list);
        else anchor.before(list);
        lists.push({ id, tag, level, list });
      }
      const li = dom.createElement('li');
      li.append(...Array.from(item.childNodes));
      lists.at(-1)!.list.append(li);
      item.remove();
    }
    anchor.remove();
  }
}

/**
 * The editor's headings go to 3, as the sanitiser's do: it publishes a Heading 4-6 (Google Docs
 * and Word write them) as a Heading 3, and the editor would show it unstyled, with no button for it.
 */
function smallHeadingsAsHeading3(dom: Document): void {
  for (const heading of Array.from(dom.querySelectorAll('h4, h5, h6'))) {
    const h3 = dom.createElement('h3');
    h3.append(...Array.from(heading.childNodes));
    heading.replaceWith(h3);
  }
}

/**
 * Elements that are blocks of their own: the words of a line (a paragraph's, a cell's, a caption's)
 * end at each. A quote holding one is more than a paragraph; an image beside one is not among words.
 */
const BLOCKS =
  'body, p, h1, h2, h3, h4, h5, h6, ul, ol, li, dl, dt, dd, div, blockquote, pre, table, caption, tr, td, th, ' +
  'figure, figcaption, section, article, aside, header, footer, nav, main, address, hr, details, summary, center';

/**
 * The editor has no quote block (nor has the published page): a pasted quote becomes the
 * paragraphs it holds, or one paragraph of its text, so it shows as the page will show it rather
 * than as text loose between the blocks around it.
 */
function quotesAsParagraphs(dom: Document): void {
  for (const quote of Array.from(dom.querySelectorAll('blockquote')).reverse()) {
    if (quote.querySelector(BLOCKS)) {
      quote.replaceWith(...Array.from(quote.childNodes));
    } else {
      const paragraph = dom.createElement('p');
      paragraph.append(...Array.from(quote.childNodes));
      quote.replaceWith(paragraph);
    }
  }
}

/**
 * Inline tags Lexical imports as formats the editor has no control for and the sanitiser drops from
 * the published page (code, sub- and superscript, highlight, strike-through).
 */
const UNWRITABLE_FORMATS = 'code, kbd, samp, sup, sub, mark, s, strike, del';

/**
 * Words a page gives to screen readers alone (the article page's note on a link that opens a new
 * tab: src/server/sanitize-html.ts) are not the author's, and in the editor they would show.
 */
const VISUALLY_HIDDEN = '.sr-only';

/**
 * An anchor with no address is a bookmark, not a link: Word names each heading a table of contents
 * points at, and often the words copied ('_Toc…', '_Hlk…'), and Google Docs its headings, so. Lexical
 * would import each as a link to nowhere (shown, and published, as a link). So is a link to a place
 * in the copied document ('#_Toc…', Word's footnote marks '#_ftn1', Docs' '#heading=h.…'): the
 * article has no such place, and its link would lead nowhere.
 */
const BOOKMARKS = 'a:not([href]), a[href^="#"]';

/**
 * Inline tags Lexical's import does not know as inline (it knows a, b, span, em and the like): it
 * takes each for the end of a line and drops the spaces on either side, so 'Hello <font>world</font>
 * again' came in as 'Helloworldagain'. Old HTML's (mail, older pages), and any tag with a prefix:
 * Word's smart tags (<st1:place>) and Office paragraph marks (<o:p>).
 */
const UNKNOWN_INLINES = new Set(['font', 'small', 'big', 'dfn', 'bdi', 'bdo', 'data', 'nobr', 'blink', 'wbr']);

/**
 * Alt text that is emoji and nothing else: one or more, with their skin tones, joiners, flags and
 * keycaps, or a pictograph mail writes without an emoji's variation selector ('☺'). At least one
 * pictograph, flag letter or keycap: the parts alone (digits, '#', '*') are words. The `u` flag,
 * not `v` (RGI_Emoji): the admin panel loads in browsers that parse no `v` regular expression.
 */
const EMOJI = /^(?=.*[\p{Extended_Pictographic}\p{Regional_Indicator}\u20E3])[\p{Extended_Pictographic}\p{Emoji_Component}\u200D\uFE0F\u20E3]+$/u;

/**
 * Whether words sit beside `image` on its line: text before or after it, through the inline tags
 * around it (a <b>, the <span> mail wraps an emoji in, a line break), up to the nearest block on
 * either side. The words of other blocks in the same parent do not count: a <figure>'s caption,
 * the paragraphs beside an image loose in the <body> or in a wrapper <div>.
 */
function hasWordsOnItsLine(image: Element): boolean {
  const ways = new Set(['previousSibling', 'nextSibling'] as const);
  for (let node: Element | null = image; node && !node.matches(BLOCKS) && ways.size > 0; node = node.parentElement) {
    for (const way of ways) {
      for (let sibling = node[way]; sibling; sibling = sibling[way]) {
        if (sibling instanceof Element && sibling.matches(BLOCKS)) {
          ways.delete(way);
          break;
        }
        // Text and elements only: a comment's text (Word's <!--StartFragment-->) is no word.
        const words = sibling.nodeType === Node.TEXT_NODE || sibling.nodeType === Node.ELEMENT_NODE ? sibling.textContent : '';
        if (words?.trim()) return true;
      }
    }
  }
  return false;
}

/**
 * Each unknown inline tag gives way to its words, and each image to nothing, as the editor has no
 * images, but for one that stands for a character among words: an image whose alt text is emoji
 * (mail and chat copy each emoji so, the emoji as its alt text), with words on its line, gives way
 * to that emoji, the author's own text. Any other image is a picture, however its alt text reads
 * and wherever it sits (alone in a paragraph, in a figure, loose between paragraphs, inside a
 * sentence): its alt text describes it and is not the article's words. So is an emoji's image
 * with no words on its line: standing apart (a page's icon, a figure's image) it is shown, not
 * read. Returns how many pictures were left out, so the admin can be told rather than find them
 * missing: each one, whatever its alt text.
 */
function unwrapUnknownInlines(dom: Document): number {
  let picturesLeftOut = 0;
  // Innermost first, so an outer tag's children are final when it is unwrapped.
  for (const element of Array.from(dom.body.querySelectorAll('*')).reverse()) {
    const tag = element.localName;
    if (tag === 'img') {
      const alt = element.getAttribute('alt')?.trim() ?? '';
      if (EMOJI.test(alt.replace(/\s+/g, '')) && hasWordsOnItsLine(element)) {
        element.replaceWith(alt);
      } else {
        picturesLeftOut += 1;
        element.remove();
      }
    } else if (UNKNOWN_INLINES.has(tag) || tag.includes(':')) {
      element.replaceWith(...Array.from(element.childNodes));
    }
  }
  return picturesLeftOut;
}

/**
 * What Word puts on the clipboard beside the words of a document under review, none of it the
 * article's: its comments (the list after the text, and the [AB1] mark where each is anchored,
 * a link to that list) and the words a tracked change deletes (struck through in Word, gone once
 * the change is accepted). Kept, a reviewer's note would be published in the article.
 */
const WORD_REVIEW = [
  '[style*="mso-element:comment" i]',
  '[style*="mso-element: comment" i]',
  '.MsoCommentReference',
  '.msocomanchor',
  '.msocomoff',
  '.msocomtxt',
  '.MsoCommentText',
  '.msoDel',
  'del[cite^="mailto:" i]',
].join(', ');

/** Each such tag gives way to its content: the words stay, in whatever format the editor can write. */
function unwrapUnwritableFormats(dom: Document): void {
  // Innermost first, so an outer tag's children are final when it is unwrapped.
  for (const element of Array.from(dom.querySelectorAll(`${UNWRITABLE_FORMATS}, ${BOOKMARKS}`)).reverse()) {
    element.replaceWith(...Array.from(element.childNodes));
  }
}

/**
 * Pasted HTML as a document whose inline styles say what the editor can write (bold, italic,
 * underline), as Lexical's import reads them from element.style, whose Word lists are lists,
 * whose quotes are paragraphs, whose headings go to 3, whose code, sub- and superscript,
 * bookmarks and the like are plain words, whose inline tags Lexical does not know give way to
 * their words, and without the words a page hides from sight nor a Word review's comments and
 * deleted words.
 * DOMParser leaves `style` attributes unapplied under the page's Content Security Policy: each is
 * parsed again through the CSSOM (which the policy allows), and only those formats are kept.
 * Alignment, indents, sub- and superscript and the like would show in the editor with no control
 * to remove them, and the sanitiser drops them from the published page. `picturesLeftOut` counts
 * the images that were not an emoji among words: the body keeps none.
 */
export function parsePastedHtml(html: string): { dom: Document; picturesLeftOut: number } {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  // Before the styles are cut down: a Word list is known by its mso-list style.
  rebuildWordLists(dom);
  for (const element of dom.querySelectorAll(WORD_REVIEW)) element.remove();
  quotesAsParagraphs(dom);
  smallHeadingsAsHeading3(dom);
  unwrapUnwritableFormats(dom);
  const picturesLeftOut = unwrapUnknownInlines(dom);
  for (const element of dom.querySelectorAll(VISUALLY_HIDDEN)) element.remove();
  for (const element of dom.querySelectorAll<HTMLElement>('[style]')) {
    const style = element.style;
    style.cssText = element.getAttribute('style') ?? '';
    const weight = style.fontWeight;
    const fontStyle = style.fontStyle;
    // Inside a link, an underline is how the link looks (Google Docs writes one on every link's
    // text), not a format the author chose: kept, it would stay on the words if the link went.
    const underline = /\bunderline\b/.test(`${style.textDecorationLine} ${style.textDecoration}`) && !element.closest('a[href]');
    style.cssText = '';
    if (weight) style.fontWeight = weight;
    if (fontStyle) style.fontStyle = fontStyle;
    if (underline) style.textDecoration = 'underline';
  }
  return { dom, picturesLeftOut };
}

/** The content as HTML, or '' when there is no text at all (an empty editor is not a body). */
export function $exportHtml(editor: LexicalEditor): string {
  if ($getRoot().getTextContent().trim() === '') return '';
  return $generateHtmlFromNodes(editor, null);
}

/**
 * What a link the editor takes looks like, for each scheme an article's links may use. A web
 * address names its host: 'https://?page=2' (a query typed after the field's 'https://') leads
 * nowhere, and the sanitiser would drop it from the saved article without a word.
 */
const LINK_SHAPES: Record<ArticleLinkScheme, RegExp> = {
  http: /^http:\/\/[^\s/?#]\S*$/i,
  https: /^https:\/\/[^\s/?#]\S*$/i,
  mailto: /^mailto:\S+$/i,
  tel: /^tel:[+\d][\d\s().-]*$/i,
};

/**
 * The address the link field holds, as a link takes it. The field opens holding 'https://' with
 * the caret after it, so an address pasted or typed whole lands after that: 'https://' +
 * 'https://example.com/x' names a host called 'https', 'https://mailto:hello@firm.example' is the
 * firm's web site with a user name, 'https://tel:+61…' no address at all (the sanitiser drops it);
 * each passed as a link, saved, and published broken. The web prefixes before a whole address of
 * an article link scheme are dropped.
 */
export const linkFieldAddress = (value: string): string => value.trim().replace(/^(?:https?:\/\/)+(?=https?:\/\/|mailto:|tel:)/i, '');

/** Whether the editor takes `url` as a link: one of the article link schemes, and something after it. */
export function isAllowedLinkUrl(url: string): boolean {
  const trimmed = url.trim();
  return ARTICLE_LINK_SCHEMES.some((scheme) => LINK_SHAPES[scheme].test(trimmed));
}
