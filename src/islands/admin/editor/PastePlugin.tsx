/**
 * Pasting HTML (from Google Docs, Word, a web page) with its inline styles read. Lexical's own paste
 * parses the clipboard with DOMParser, and on this page the Content Security Policy (no
 * 'unsafe-inline' styles) leaves every parsed `style` attribute unapplied, so Lexical sees no
 * `font-weight: normal` on the <b> Google Docs wraps every copy in, and made the whole paste bold
 * (and lost the italics and bold Docs writes as styles). Here the same paste, with the bold,
 * italic and underline of those styles set through the CSSOM (parsePastedHtml) before Lexical reads them.
 *
 * The body holds no images (the article's picture is its Image field) and no files: a paste's
 * pictures, or files pasted or dropped, are left out with a notice saying so and where a picture
 * goes, rather than vanishing unseen.
 */
import { $insertGeneratedNodes } from '@lexical/clipboard';
import { $generateNodesFromDOM } from '@lexical/html';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import { DRAG_DROP_PASTE } from '@lexical/rich-text';
import { $getSelection, $isRangeSelection, COMMAND_PRIORITY_HIGH, PASTE_COMMAND, PASTE_TAG } from 'lexical';
import { useEffect } from 'react';
import { editorCopy } from '../../../content/admin';
import { toast } from '../../../stores/toasts';
import { isAllowedLinkUrl, parsePastedHtml } from './html';

const tellPicturesLeftOut = () => toast(editorCopy.picturesLeftOut);

export default function PastePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        // Files alone on the clipboard, or dropped on the text: the rich-text plugin hands them here.
        // Pictures alone are told of as pictures; any other file as files, with where a picture goes.
        editor.registerCommand(
          DRAG_DROP_PASTE,
          (files) => {
            if (files.every((file) => file.type.startsWith('image/'))) tellPicturesLeftOut();
            else toast(editorCopy.filesLeftOut);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
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
            const pasted = parsePastedHtml(html);
            editor.update(
              () => {
                const current = $getSelection();
                if (current) $insertGeneratedNodes(editor, $generateNodesFromDOM(editor, pasted.dom), current);
              },
              { tag: PASTE_TAG },
            );
            if (pasted.picturesLeftOut > 0) tellPicturesLeftOut();
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
      ),
    [editor],
  );
  return null;
}
