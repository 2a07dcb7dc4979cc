import { describe, expect, it } from 'vitest';
import { isIconName } from './index';

describe('isIconName', () => {
  it('knows the icons of the table', () => {
    expect(isIconName('target')).toBe(true);
    expect(isIconName('close')).toBe(true);
  });

  it('refuses names the table only inherits: a service icon is text an admin typed', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) expect(isIconName(name), name).toBe(false);
  });
});
