/**
 * The article body editor: Lexical with headings 1-3, bold,
 * italic, underline, ordered and bullet lists and links; at least 200px tall; HTML in and out.
 * It starts from `initialHtml` when mounted; remount it (a new `key`) to load another article.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode } from '@lexical/rich-text';
import { editorCopy } from '../../../content/admin';
import HistoryPlugin from './HistoryPlugin';
import PastePlugin from './PastePlugin';
import Toolbar from './Toolbar';
import { $exportHtml, $loadHtml, isAllowedLinkUrl } from './html';
import { ARTICLE_LINK_NODE, ArticleLinkNode } from './link-node';
import { editorTheme } from './theme';

interface Props {
  initialHtml: string;
  onChange: (html: string) => void;
  /** The id of the visible label naming the editor. */
  labelledBy: string;
  /** The id of the message of a refused save, which the editor is then described by and marked invalid with. */
  errorId?: string;
}

/**
 * Lexical writes the HTML it loaded in its own way (its classes, spans and styles), not as the
 * stored text; so text typed and deleted again would read as a change, and closing the form would
 * ask to discard it. The editor's own writing of the content as loaded is kept here, and while the
 * content is that again, the form is given back the stored text it opened with.
 */
function LoadedHtml({ loaded }: { loaded: RefObject<string | null> }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    loaded.current = editor.read(() => $exportHtml(editor));
  }, [editor, loaded]);
  return null;
}

export default function RichTextEditor({ initialHtml, onChange, labelledBy, errorId }: Props) {
  const loaded = useRef<string | null>(null);
  // The stored text as mounted: the prop follows the form's value from then on.
  const stored = useRef(initialHtml);
  const initialConfig: InitialConfigType = {
    namespace: 'article-content',
    theme: editorTheme,
    nodes: [HeadingNode, ListNode, ListItemNode, LinkNode, ArticleLinkNode, ARTICLE_LINK_NODE],
    onError: (error) => {
      console.error('[editor]', error);
    },
    editorState: (editor) => $loadHtml(editor, initialHtml),
  };

  return (
    <LexicalComposer initialConfig={initialConfig}>
      {/* The frame shows the focus (its ring is a box-shadow, gone in forced-colors mode, where an
          outline stands in for it): the text's own outline would be clipped by the frame. */}
      <div className="overflow-clip rounded-control border border-ink-400 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30 forced-colors:focus-within:outline-2 forced-colors:focus-within:outline-offset-2">
        <Toolbar />
        <div className="relative">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                aria-labelledby={labelledBy}
                aria-invalid={errorId ? true : undefined}
                aria-describedby={errorId}
                aria-multiline
                className="min-h-[200px] px-4 py-3 text-base leading-relaxed text-ink-900 focus:outline-none"
                aria-placeholder={editorCopy.placeholder}
                placeholder={<div className="pointer-events-none absolute left-4 top-3 text-ink-500">{editorCopy.placeholder}</div>}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
      </div>
      <HistoryPlugin />
      <PastePlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isAllowedLinkUrl} />
      <LoadedHtml loaded={loaded} />
      <OnChangePlugin
        ignoreSelectionChange
        onChange={(_state, editor) =>
          editor.read(() => {
            const html = $exportHtml(editor);
            onChange(html === loaded.current ? stored.current : html);
          })
        }
      />
    </LexicalComposer>
  );
}
