/**
 * The editor's link: Lexical's LinkNode, but an address that is only a query ('?page=2') is written
 * as it is. Lexical writes every address through its formatUrl, which takes one with no scheme that
 * does not start with '/', '#' or '.' for a host: '?page=2' became 'https://?page=2', which leads
 * nowhere and which the sanitiser drops, so an article saved from the editor lost the link. A query
 * alone has no form Lexical keeps that means the same (it stays on the article's own path, which
 * the editor does not know), so it is let through here; every other address goes to Lexical's own
 * check, and a query carries no scheme a browser could run.
 */
import { LinkNode, type LinkAttributes } from '@lexical/link';

export class ArticleLinkNode extends LinkNode {
  $config() {
    return this.config('article-link', { extends: LinkNode });
  }

  sanitizeUrl(url: string): string {
    return url.trim().startsWith('?') ? url : super.sanitizeUrl(url);
  }
}

/** Every link the editor makes (loaded, pasted, typed) is an ArticleLinkNode. */
export const ARTICLE_LINK_NODE = {
  replace: LinkNode,
  with: (node: LinkNode) => new ArticleLinkNode(node.getURL(), { rel: node.getRel(), target: node.getTarget(), title: node.getTitle() } satisfies LinkAttributes),
  withKlass: ArticleLinkNode,
};
