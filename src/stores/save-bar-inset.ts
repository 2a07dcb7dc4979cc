/**
 * How far up from the bottom of the screen the open admin form's sticky save bar reaches while it
 * shows in the screen's lower half (0 otherwise, and with no form open): the toast region rises
 * above it, as above the cookie banner, so a toast never covers the form's Create/Update and Cancel.
 * SchemaForm follows its bar into it.
 */
import { pageAtom } from './page-atom';

export const $saveBarInset = pageAtom<number>('save-bar-inset', 0);
