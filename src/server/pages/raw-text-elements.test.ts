import { describe, expect, it } from 'vitest';
import { rawTextElements } from './raw-text-elements.ts';

const found = (html: string) => rawTextElements(html).map(({ name, attributes, text }) => [name, attributes, text]);

describe('rawTextElements', () => {
  it("finds the elements a browser parses, never the same words in an attribute's value or a comment", () => {
    const html = `<meta content="Why <style>a{}</style> matters"><!-- <script>no</script> --><style>b{}</style><p title='x>y'><script src="/a.js"></script>`;
    expect(found(html)).toEqual([
      ['style', '', 'b{}'],
      ['script', ' src="/a.js"', ''],
    ]);
  });

  it('skips a quoted run whole, and reads a quote never closed as a character', () => {
    expect(found(`<a b='>' c=">"><style>x</style>`)).toEqual([['style', '', 'x']]);
    expect(found(`<a "open><style>y</style>`)).toEqual([['style', '', 'y']]);
  });

  it('ends a raw text element at the first end tag of its name, whatever it holds', () => {
    expect(found(`<script>if (a < b && '<style>') x()</script><STYLE>c{}</Style >`)).toEqual([
      ['script', '', "if (a < b && '<style>') x()"],
      ['style', '', 'c{}'],
    ]);
  });

  it('stops at an element that never ends', () => {
    expect(found(`<style>a{}</style><script>never ends`)).toEqual([['style', '', 'a{}']]);
  });
});
