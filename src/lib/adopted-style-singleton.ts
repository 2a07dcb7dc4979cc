/**
 * `react-style-singleton`'s API, with styles adopted as constructed stylesheets instead of
 * injected `<style>` elements (astro.config.mjs aliases the package to this module; ADR 20).
 *
 * Radix's modal dialogs lock page scroll through react-remove-scroll, which adds its rules (the
 * body's `overflow: hidden`, the padding that stands in for the hidden scrollbar) through this
 * package. Every page's Content Security Policy allows only the inline styles it was built with,
 * by hash, so an injected `<style>` is refused: a console error each time a dialog opens, and on a
 * desktop the page jumps sideways by the scrollbar's width. A constructed stylesheet is not
 * markup the policy governs, so the same rules apply, with nothing to refuse.
 *
 * The behaviour is the package's own: the rules are added when the first user of a singleton
 * mounts and removed when the last one unmounts; `dynamic` re-applies them when they change.
 */
import { useEffect, type FC } from 'react';

interface StyleSingleton {
  add(style: string): void;
  remove(): void;
}

/** Adopts `css` for the document, and returns how to take it away again. */
function addRules(css: string): () => void {
  // Browsers older than constructed stylesheets (Safari before 16.4) get the package's <style>;
  // the policy refuses it there, as it did everywhere before, and the dialog still works.
  if (!('adoptedStyleSheets' in Document.prototype)) {
    const element = document.createElement('style');
    element.textContent = css;
    document.head.append(element);
    return () => element.remove();
  }
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  };
}

export function stylesheetSingleton(): StyleSingleton {
  let users = 0;
  let removeRules: (() => void) | null = null;
  return {
    add(style) {
      if (users === 0 && typeof document !== 'undefined') removeRules = addRules(style);
      users += 1;
    },
    remove() {
      users -= 1;
      if (users === 0 && removeRules) {
        removeRules();
        removeRules = null;
      }
    },
  };
}

export function styleHookSingleton(): (styles: string, isDynamic?: boolean) => void {
  const sheet = stylesheetSingleton();
  return (styles, isDynamic) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // The package's rule: static styles are applied once; dynamic ones again when they change.
    }, [styles && isDynamic]);
  };
}

export function styleSingleton(): FC<{ styles: string; dynamic?: boolean }> {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }) {
    useStyle(styles, dynamic);
    return null;
  };
}
