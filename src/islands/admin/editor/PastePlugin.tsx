/**
 * Pasting HTML (from Google Docs, Word, a web page) with its inline styles read. Lexical's own paste
 * parses the clipboard with DOMParser, and on this page the Content Security Policy (no
 * 'unsafe-inline' styles) leaves every parsed `style` attribute unapplied, so Lexical sees no
 * `font-weight: normal` on the <b> Google Docs wraps every copy in, and made the whole paste bold
 * (and lost the italics and bold Docs writes as styles). Here the same paste, with the bold,
 * italic and underline of those styles set through the CSSOM (parsePastedHtml) before Lexical reads them.
 */
import { $insertGeneratedNodes } from '@lexical/clipboard';
import { $generateNodesFromDOM } from '@lexical/html';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getSelection, $isRangeSelection, COMMAND_PRIORITY_HIGH, PASTE_COMMAND, PASTE_TAG } from 'lexical';
import { useEffect } from 'react';
import { isAllowedLinkUrl, parsePastedHtml } from './html';

export default function PastePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const data = event instanceof ClipboardEvent ? event.clipboardData : null;
          const html = data?.getData('text/html');
          const text = data?.getData('text/plain') ?? '';
          const selection = $getSelection();
          // Lexical's own paste (and the link plugin's) for: a copy from this editor, plain text,
          // HTML that is only the plain text (iOS pastes autocorrected text so), an address pasted
          // over selected words (which become its link), and a paste with no selection.
          if (!data || !html || html === text || data.types.includes('application/x-lexical-editor') || !selection) return false;
          if ($isRangeSelection(selection) && !selection.isCollapsed() && isAllowedLinkUrl(text)) return false;
          event.preventDefault();
          editor.update(
            () => {
              const current = $getSelection();
              if (current) $insertGeneratedNodes(editor, $generateNodesFromDOM(editor, parsePastedHtml(html)), current);
            },
            { tag: PASTE_TAG },
          );
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor],
  );
  return null;
}
