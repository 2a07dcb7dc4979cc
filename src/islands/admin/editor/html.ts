/**
 * HTML in and out of the editor with @lexical/html, so an article saved as HTML comes back for
 * editing as the same headings, lists, links and formats.
 */
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type LexicalEditor, type LexicalNode } from 'lexical';

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

/** The content as HTML, or '' when there is no text at all (an empty editor is not a body). */
export function $exportHtml(editor: LexicalEditor): string {
  if ($getRoot().getTextContent().trim() === '') return '';
  return $generateHtmlFromNodes(editor, null);
}

/** Links are limited to http, https, mailto and tel: nothing a browser could run. */
export function isAllowedLinkUrl(url: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d][\d\s().-]*)$/i.test(url.trim());
}
