/**
 * Undo history: changes within 1000 ms merge into one step, and at most 100
 * steps are kept. (@lexical/react's HistoryPlugin takes the delay but not the depth, which
 * @lexical/history's registerHistory does.)
 */
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useMemo } from 'react';

const HISTORY_MERGE_MS = 1000;
const HISTORY_MAX_ENTRIES = 100;

export default function HistoryPlugin() {
  const [editor] = useLexicalComposerContext();
  const state = useMemo(() => createEmptyHistoryState(), []);
  useEffect(() => registerHistory(editor, state, HISTORY_MERGE_MS, Date.now, undefined, HISTORY_MAX_ENTRIES), [editor, state]);
  return null;
}
