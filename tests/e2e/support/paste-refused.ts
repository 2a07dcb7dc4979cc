import { expect, type Locator } from '@playwright/test';

/**
 * Pastes `text` into the admin form's `field` (one insertion, as a paste lands) and checks the form
 * keeps it whole and refuses it beside the field: the value is all of it (no maxlength cut it to a
 * different text), the field is marked invalid, and its description (hint and message) is
 * `description`.
 */
export async function expectPasteRefused(field: Locator, text: string, description: string): Promise<void> {
  await field.focus();
  await field.page().keyboard.insertText(text);
  await expect(field).toHaveValue(text);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(description);
}
