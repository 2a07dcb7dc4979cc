import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './html-nesting';

describe('nestsDeeperThan', () => {
  it('counts the open elements, void ones aside', () => {
    expect(nestsDeeperThan('<ul><li><p><strong><em>x</em></strong></p></li></ul>', 5)).toBe(false);
    expect(nestsDeeperThan('<ul><li><p><strong><em><u>x</u></em></strong></p></li></ul>', 5)).toBe(true);
    expect(nestsDeeperThan('<p>a<br>b<br/>c<img src=x></p>'.repeat(100), 1)).toBe(false);
  });

  it('counts siblings once, whatever their number', () => {
    expect(nestsDeeperThan('<p><b>x</b></p>'.repeat(50_000), 2)).toBe(false);
  });

  it('counts tags never closed as open, and a close closes what was opened inside its element', () => {
    expect(nestsDeeperThan('<b>'.repeat(41), 40)).toBe(true);
    expect(nestsDeeperThan('<B>'.repeat(41), 40)).toBe(true);
    expect(nestsDeeperThan(`<div>${'<b>'.repeat(30)}</div><div>${'<i>'.repeat(30)}</div>`, 40)).toBe(false);
  });

  it('is not fooled by closes of elements that are not open, or that only start like one', () => {
    expect(nestsDeeperThan('<b></z>'.repeat(41), 40)).toBe(true);
    expect(nestsDeeperThan('<b></i>'.repeat(41), 40)).toBe(true);
    expect(nestsDeeperThan('<b></b_>'.repeat(41), 40)).toBe(true);
    expect(nestsDeeperThan('<b></b.>'.repeat(41), 40)).toBe(true);
    expect(nestsDeeperThan('<b></b >'.repeat(41), 40)).toBe(false);
  });

  it('answers for 60,000 nested tags', () => {
    expect(nestsDeeperThan('<b>'.repeat(60_000), 40)).toBe(true);
  });
});
