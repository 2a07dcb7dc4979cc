import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml';

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;');
  });

  it('drops characters XML 1.0 cannot carry, keeps the rest', () => {
    expect(escapeXml('a\u0000b\u0008c\td\ne\uFFFEf é 🚀')).toBe('abc\td\nef é 🚀');
  });
});
