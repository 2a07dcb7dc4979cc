/**
 * HTML in and out of the editor with @lexical/html, so an article saved as HTML comes back for
 * editing as the same headings, lists, links and formats.
 */
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type LexicalEditor, type LexicalNode } from 'lexical';
import { ARTICLE_LINK_SCHEMES, type ArticleLinkScheme } from '../../../lib/article-link-schemes';

/** Replaces the editor's content with the nodes parsed from `html` (inside editor.update). */
export function $loadHtml(editor: LexicalEditor, html: string): void {
  const root = $getRoot();
  root.clear();
  if (html.trim()) {
    const dom = new DOMParser().parseFromString(html, 'text/html');
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

/**
 * Pasted HTML as a document whose inline styles say what the editor can write (bold, italic,
 * underline), as Lexical's import reads them from element.style. DOMParser leaves `style`
 * attributes unapplied under the page's Content Security Policy: each is parsed again through the
 * CSSOM (which the policy allows), and only those formats are kept. Alignment, indents, sub- and
 * superscript and the like would show in the editor with no control to remove them, and the
 * sanitiser drops them from the published page.
 */
export function parsePastedHtml(html: string): Document {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  for (const element of dom.querySelectorAll<HTMLElement>('[style]')) {
    const style = element.style;
    style.cssText = element.getAttribute('style') ?? '';
    const weight = style.fontWeight;
    const fontStyle = style.fontStyle;
    const underline = /\bunderline\b/.test(`${style.textDecorationLine} ${style.textDecoration}`);
    style.cssText = '';
    if (weight) style.fontWeight = weight;
    if (fontStyle) style.fontStyle = fontStyle;
    if (underline) style.textDecoration = 'underline';
  }
  return dom;
}

/** The content as HTML, or '' when there is no text at all (an empty editor is not a body). */
export function $exportHtml(editor: LexicalEditor): string {
  if ($getRoot().getTextContent().trim() === '') return '';
  return $generateHtmlFromNodes(editor, null);
}

/** What a link the editor takes looks like, for each scheme an article's links may use. */
const LINK_SHAPES: Record<ArticleLinkScheme, RegExp> = {
  http: /^http:\/\/\S+$/i,
  https: /^https:\/\/\S+$/i,
  mailto: /^mailto:\S+$/i,
  tel: /^tel:[+\d][\d\s().-]*$/i,
};

/** Whether the editor takes `url` as a link: one of the article link schemes, and something after it. */
export function isAllowedLinkUrl(url: string): boolean {
  const trimmed = url.trim();
  return ARTICLE_LINK_SCHEMES.some((scheme) => LINK_SHAPES[scheme].test(trimmed));
}
