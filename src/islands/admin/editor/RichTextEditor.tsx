/**
 * The article body editor: Lexical with headings 1-3, bold,
 * italic, underline, ordered and bullet lists and links; at least 200px tall; HTML in and out.
 * It starts from `initialHtml` when mounted; remount it (a new `key`) to load another article.
 */
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode } from '@lexical/rich-text';
import HistoryPlugin from './HistoryPlugin';
import PastePlugin from './PastePlugin';
import Toolbar from './Toolbar';
import { $exportHtml, $loadHtml, isAllowedLinkUrl } from './html';
import { editorTheme } from './theme';

interface Props {
  initialHtml: string;
  onChange: (html: string) => void;
  /** The id of the visible label naming the editor. */
  labelledBy: string;
}

export default function RichTextEditor({ initialHtml, onChange, labelledBy }: Props) {
  const initialConfig: InitialConfigType = {
    namespace: 'article-content',
    theme: editorTheme,
    nodes: [HeadingNode, ListNode, ListItemNode, LinkNode],
    onError: (error) => {
      console.error('[editor]', error);
    },
    editorState: (editor) => $loadHtml(editor, initialHtml),
  };

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div className="overflow-clip rounded-control border border-ink-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30">
        <Toolbar />
        <div className="relative">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                aria-labelledby={labelledBy}
                aria-multiline
                className="min-h-[200px] px-4 py-3 text-base leading-relaxed text-ink-900 focus:outline-none"
                aria-placeholder="Write the article..."
                placeholder={<div className="pointer-events-none absolute left-4 top-3 text-ink-500">Write the article...</div>}
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
      <OnChangePlugin ignoreSelectionChange onChange={(_state, editor) => editor.read(() => onChange($exportHtml(editor)))} />
    </LexicalComposer>
  );
}
