/**
 * Where the focus goes when a dialog or the cookie banner closes: back to the control that opened
 * it while that is still on the page and shown; otherwise (the banner that held it has gone, the
 * item whose button it was was deleted) to the page's main region, without scrolling, so the next
 * Tab carries on from the content rather than from the top of the document.
 */
export function returnFocus(opener: Element | null | undefined): void {
  if (opener instanceof HTMLElement && opener.isConnected && opener.getClientRects().length > 0) {
    opener.focus();
    return;
  }
  document.getElementById('main')?.focus({ preventScroll: true });
}
