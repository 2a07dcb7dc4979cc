import type { Page } from '@playwright/test';

/**
 * The notifications region. includeHidden: while a modal dialog is open Radix marks
 * the rest of the page aria-hidden (the toast is still announced through Radix's own
 * live region, created outside the hidden tree).
 */
export function toastRegion(page: Page) {
  return page.getByRole('region', { name: /Notifications/, includeHidden: true });
}

/** A toast's title or description with exactly this text, inside the notifications region. */
export function toastText(page: Page, text: string) {
  return toastRegion(page).getByText(text, { exact: true });
}
