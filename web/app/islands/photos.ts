// The photo grids' lightbox on pages without React (docs/decisions/0077): the album, the laboratory,
// the library and the computer lab. This module is small and deferred; the viewer (React and the
// lightbox, islands/photo-viewer.tsx) loads on the first press of a photo, as it does on pages with
// React (components/lightbox/lazy-lightbox.tsx). Without it each photo is a link to its full image.
import { isPlainClick, toItem, type Photo } from '../components/lightbox/grid-items';
import { parseLightboxWords } from '../components/lightbox/words';

const loadViewer = () => import('./photo-viewer');

/** "Opening the photo viewer…" (in the page's language) over the page while the viewer's code arrives, as on React pages. */
function opening(text: string): HTMLElement {
  const overlay = document.createElement('output');
  overlay.textContent = text;
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:9999;display:flex;align-items:center;justify-content:center;background:rgba(12,12,12,0.93);color:silver;font-size:1.1rem';
  document.body.append(overlay);
  return overlay;
}

function photosIn(grid: HTMLElement): Photo[] | null {
  try {
    const photos: unknown = JSON.parse(grid.dataset.photos ?? '');
    return Array.isArray(photos) ? (photos as Photo[]) : null;
  } catch {
    return null;
  }
}

for (const grid of Array.from(document.querySelectorAll<HTMLElement>('ul.photo-grid[data-photos]'))) {
  const photos = photosIn(grid);
  // The grid's words, written by the server in the page's language (components/photo-grid.tsx).
  const words = parseLightboxWords(grid.dataset.words);
  if (!photos || !words) continue;
  const items = photos.map(toItem);
  const label = grid.getAttribute('aria-label') ?? 'Photos';
  Array.from(grid.querySelectorAll<HTMLAnchorElement>(':scope > li > a')).forEach((link, index) => {
    link.addEventListener('pointerdown', () => void loadViewer().catch(() => undefined));
    link.addEventListener('click', (event) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      const overlay = opening(words.opening);
      loadViewer().then(
        (viewer) => {
          overlay.remove();
          viewer.openViewer(items, index, label, words, link);
        },
        () => {
          // The viewer could not load (a dropped connection): show the photo itself.
          overlay.remove();
          location.assign(link.href);
        },
      );
    });
  });
}

// Ready: a photo pressed while this loaded (held by the inline script) opens now.
document.documentElement.dataset.photos = 'ready';
const pressed = document.querySelector<HTMLAnchorElement>('ul.photo-grid[data-photos] a[data-pressed]');
if (pressed) {
  pressed.removeAttribute('data-pressed');
  pressed.click();
}
