/**
 * Hides an article image (and the frame around it) when it fails to load: an article's image is
 * optional, and a broken one must not leave an empty frame. Part of the page runtime rather than
 * an inline onerror attribute, which a strict CSP forbids.
 *
 * The runtime runs after the first paint, so an image may already have loaded or failed by then: a
 * complete image with no natural width is a failed one. Later outcomes arrive through the listeners.
 */
const SELECTOR = 'img[data-hide-on-error]';

function hide(img: HTMLImageElement) {
  const frame = img.closest<HTMLElement>('[data-image-frame]') ?? img;
  frame.hidden = true;
}

function loaded(img: HTMLImageElement) {
  img.closest<HTMLElement>('[data-image-frame]')?.setAttribute('data-loaded', '');
}

for (const img of document.querySelectorAll<HTMLImageElement>(SELECTOR)) {
  if (img.complete) {
    if (img.naturalWidth === 0) hide(img);
    else loaded(img);
  } else {
    img.addEventListener('error', () => hide(img), { once: true });
    img.addEventListener('load', () => loaded(img), { once: true });
  }
}
