/**
 * The editor's toolbar: headings 1-3, bold, italic, underline, ordered list,
 * bullet list, link (add, edit or remove) and clear formatting. Each format's button is a toggle that
 * shows its state (aria-pressed) for the text under the cursor; Clear formatting, an action, has none.
 * The toolbar is one Tab stop: the arrow keys, Home and End move between its buttons, and Tab goes on
 * to the text.
 */
import { $createLinkNode, $isLinkNode, $toggleLink } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $isHeadingNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $getNearestNodeOfType } from '@lexical/utils';
import * as RadixToolbar from '@radix-ui/react-toolbar';
import {
  $createParagraphNode,
  $getRoot,
  $createTextNode,
  $getSelection,
  $isRangeSelection,
  $isTextNode,
  $setSelection,
  FORMAT_TEXT_COMMAND,
  type BaseSelection,
  type LexicalNode,
  type TextFormatType,
} from 'lexical';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Icon from '../../ui/Icon';
import { Tooltip } from '../../ui/Tooltip';
import { buttonClass } from '../../../lib/button-styles';
import { TextField } from '../fields';
import { isAllowedLinkUrl, linkFieldAddress } from './html';
import * as icons from '../../../lib/icons/admin';
import { editorCopy } from '../../../content/admin';

type Block = 'paragraph' | HeadingTagType | 'number' | 'bullet' | 'other';

interface ToolbarState {
  block: Block;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** The address of the link under the cursor, or null. */
  link: string | null;
}

const initial: ToolbarState = { block: 'paragraph', bold: false, italic: false, underline: false, link: null };

function $linkAncestor(node: LexicalNode) {
  let current: LexicalNode | null = node;
  while (current) {
    if ($isLinkNode(current)) return current;
    current = current.getParent();
  }
  return null;
}

function $readState(): ToolbarState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return initial;
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === 'root' ? anchor : anchor.getTopLevelElementOrThrow();
  let block: Block = 'other';
  const list = $getNearestNodeOfType(anchor, ListNode);
  if (list) block = list.getListType() === 'number' ? 'number' : list.getListType() === 'bullet' ? 'bullet' : 'other';
  else if ($isHeadingNode(top)) block = top.getTag();
  else if (top.getType() === 'paragraph') block = 'paragraph';
  return {
    block,
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    link: selection.getNodes().map((n) => $linkAncestor(n)).find((l) => l !== null)?.getURL() ?? null,
  };
}

/**
 * A toolbar button, its name in a tooltip on hover or focus: a toggle (aria-pressed) when given
 * `pressed`, else a plain action such as Clear formatting. Pressed, it is filled; forced-colors mode
 * (Windows contrast themes) paints fills over, so there it is filled with the system's selection
 * colours instead.
 */
function ToolButton({ label, pressed, onClick, children }: { label: string; pressed?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <RadixToolbar.Button
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        className={`inline-flex h-8 min-w-8 items-center justify-center rounded-control px-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${
          pressed
            ? 'bg-brand-100 text-brand-900 forced-colors:bg-[Highlight] forced-colors:text-[HighlightText] forced-colors:forced-color-adjust-none forced-colors:focus-visible:outline-[CanvasText]'
            : 'text-ink-700 hover:bg-ink-100'
        }`}
      >
        {children}
      </RadixToolbar.Button>
    </Tooltip>
  );
}

function Separator() {
  return <RadixToolbar.Separator className="mx-1 h-5 w-px bg-ink-300" />;
}

/** What the link field holds as it opens for a new link. */
const NEW_LINK_PREFIX = 'https://';

export default function Toolbar() {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(initial);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState(NEW_LINK_PREFIX);
  const [linkError, setLinkError] = useState<string | null>(null);
  const savedSelection = useRef<BaseSelection | null>(null);
  const linkBar = useRef<HTMLDivElement>(null);

  // Opened on a link, the field's address is selected, so what is typed or pasted replaces it:
  // with the caret after it, a new address pasted went on its end ('https://example.com/old' +
  // 'https://example.com/new'), a link to nowhere that passed. A new link's 'https://' is left for
  // the rest of the address to follow (linkFieldAddress takes a whole one pasted after it).
  useEffect(() => {
    if (!linkOpen) return;
    const field = linkBar.current?.querySelector('input');
    if (field && field.value !== NEW_LINK_PREFIX) field.select();
  }, [linkOpen]);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        editorState.read(() => setState($readState()));
      }),
    [editor],
  );

  /**
   * A press on the toolbar before the text has ever held the caret (a keyboard's first stop in a
   * new article's Content is the toolbar, and a mouse may start there too) finds no selection: the
   * heading, format, list or link chosen applied to nothing, unseen, and the text typed next came
   * out plain. The caret is first put at the end of the text, where typing goes on (and where the
   * focus then goes, as after any press that changes the text).
   */
  const ensureSelection = () => {
    if (editor.getEditorState().read(() => $getSelection() !== null)) return;
    editor.update(() => $getRoot().selectEnd(), { discrete: true });
  };

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);

  const toggleHeading = (tag: HeadingTagType) => {
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      if (state.block === tag) $setBlocksType(selection, () => $createParagraphNode());
      else $setBlocksType(selection, () => $createHeadingNode(tag));
    });
  };

  const toggleList = (type: 'number' | 'bullet') => {
    if (state.block === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(type === 'number' ? INSERT_ORDERED_LIST_COMMAND : INSERT_UNORDERED_LIST_COMMAND, undefined);
  };

  /** Opens the link field: empty for a new link, with the address of the link under the cursor to edit it. */
  const onLinkButton = () => {
    editor.getEditorState().read(() => {
      savedSelection.current = $getSelection()?.clone() ?? null;
    });
    setLinkUrl(state.link ?? NEW_LINK_PREFIX);
    setLinkError(null);
    setLinkOpen(true);
  };

  const closeLinkField = () => {
    setLinkOpen(false);
    editor.focus();
  };

  const removeLink = () => {
    editor.update(() => {
      if (savedSelection.current) $setSelection(savedSelection.current.clone());
      $toggleLink(null);
    });
    closeLinkField();
  };

  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation(); // the article form around the editor must not submit
    const url = linkFieldAddress(linkUrl);
    if (!isAllowedLinkUrl(url)) {
      setLinkError(editorCopy.badLink);
      return;
    }
    editor.update(() => {
      if (savedSelection.current) $setSelection(savedSelection.current.clone());
      const selection = $getSelection();
      // A cursor outside any link, with nothing selected: the address goes in as its own linked
      // text (toggling a link there would wrap the whole paragraph). Otherwise the selected text,
      // or the link under the cursor, takes the address.
      if ($isRangeSelection(selection) && selection.isCollapsed() && !$linkAncestor(selection.anchor.getNode())) {
        selection.insertNodes([$createLinkNode(url).append($createTextNode(url))]);
      } else {
        $toggleLink(url);
      }
    });
    closeLinkField();
  };

  const clearFormatting = useCallback(() => {
    let inList = false;
    editor.getEditorState().read(() => {
      const selection = $getSelection();
      inList = $isRangeSelection(selection) && selection.getNodes().some((n) => $getNearestNodeOfType(n, ListNode) !== null || $isListNode(n));
    });
    if (inList) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      $toggleLink(null);
      for (const node of selection.getNodes()) {
        if ($isTextNode(node)) {
          node.setFormat(0);
          node.setStyle('');
        }
      }
      selection.format = 0;
      $setBlocksType(selection, () => $createParagraphNode());
    });
  }, [editor]);

  return (
    // Sticks under the site's fixed header while a long article scrolls beneath it (the editor's frame
    // clips rather than scrolls, so it does not hold the toolbar in).
    <div className="sticky top-header z-10 border-b border-ink-200 bg-ink-50">
      <RadixToolbar.Root
        aria-label={editorCopy.toolbar}
        className="flex flex-wrap items-center gap-0.5 p-1.5"
        // A click in the toolbar keeps the focus, and so the selection, in the text: a mousedown
        // would otherwise move the focus first. The button clicked still becomes the toolbar's Tab stop.
        onMouseDown={(e) => e.preventDefault()}
        // Before the pressed button's own action (a capture runs first), on a press by key or pointer.
        onClickCapture={ensureSelection}
      >
        <ToolButton label={editorCopy.heading(1)} pressed={state.block === 'h1'} onClick={() => toggleHeading('h1')}>
          <Icon body={icons.heading1} size={18} />
        </ToolButton>
        <ToolButton label={editorCopy.heading(2)} pressed={state.block === 'h2'} onClick={() => toggleHeading('h2')}>
          <Icon body={icons.heading2} size={18} />
        </ToolButton>
        <ToolButton label={editorCopy.heading(3)} pressed={state.block === 'h3'} onClick={() => toggleHeading('h3')}>
          <Icon body={icons.heading3} size={18} />
        </ToolButton>
        <Separator />
        <ToolButton label={editorCopy.bold} pressed={state.bold} onClick={() => format('bold')}>
          <Icon body={icons.bold} size={18} />
        </ToolButton>
        <ToolButton label={editorCopy.italic} pressed={state.italic} onClick={() => format('italic')}>
          <Icon body={icons.italic} size={18} />
        </ToolButton>
        <ToolButton label={editorCopy.underline} pressed={state.underline} onClick={() => format('underline')}>
          <Icon body={icons.underline} size={18} />
        </ToolButton>
        <Separator />
        <ToolButton label={editorCopy.numberedList} pressed={state.block === 'number'} onClick={() => toggleList('number')}>
          <Icon body={icons.orderedList} size={18} />
        </ToolButton>
        <ToolButton label={editorCopy.bulletedList} pressed={state.block === 'bullet'} onClick={() => toggleList('bullet')}>
          <Icon body={icons.bulletList} size={18} />
        </ToolButton>
        <Separator />
        <ToolButton label={editorCopy.link} pressed={state.link !== null} onClick={onLinkButton}>
          <Icon body={icons.link} size={18} />
        </ToolButton>
        <ToolButton label={editorCopy.clearFormatting} onClick={clearFormatting}>
          <Icon body={icons.clearFormat} size={18} />
        </ToolButton>
      </RadixToolbar.Root>
      {linkOpen && (
        // Not a <form>: the editor sits inside the article form, and forms cannot nest.
        <div
          ref={linkBar}
          className="flex flex-wrap items-start gap-2 border-t border-ink-200 p-2"
          onKeyDown={(e) => {
            // Enter in the address field applies it; on a button, Enter is that button's own click
            // (Cancel must not apply the link, nor Remove link set it again).
            if (e.key === 'Enter' && e.target instanceof HTMLInputElement) applyLink(e);
            if (e.key === 'Escape') {
              e.preventDefault();
              closeLinkField();
            }
          }}
        >
          <TextField
            label={editorCopy.linkUrl}
            labelHidden
            className="min-w-56 flex-1"
            type="url"
            autoFocus
            value={linkUrl}
            onChange={(url) => {
              setLinkUrl(url);
              setLinkError(null);
            }}
            placeholder="https://example.com"
            error={linkError ?? undefined}
            announceError
          />
          <button type="button" className={buttonClass('primary', 'sm')} onClick={applyLink}>
            {editorCopy.applyLink}
          </button>
          {state.link !== null && (
            <button type="button" className={buttonClass('neutral', 'sm')} onClick={removeLink}>
              {editorCopy.removeLink}
            </button>
          )}
          <button type="button" className={buttonClass('neutral', 'sm')} onClick={closeLinkField}>
            {editorCopy.cancel}
          </button>
        </div>
      )}
    </div>
  );
}
