// The lightbox for pages without React (islands/photos.ts loads this on the first press of a photo):
// the site's one lightbox (components/lightbox), mounted in a root of its own at the end of <body>.
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useLightbox } from '../components/lightbox/lazy-lightbox';
import type { LightboxItem } from '../components/lightbox/types';
import type { LightboxWords } from '../components/lightbox/words';

interface Opening {
  items: LightboxItem[];
  index: number;
  label: string;
  words: LightboxWords;
  opener: HTMLElement;
  /** Changes on every press, so that the same photo opens again. */
  n: number;
}

function Viewer({ opening }: { opening: Opening }) {
  const { openAt, element } = useLightbox(opening.items, opening.label, opening.words);
  useEffect(() => openAt(opening.index, opening.opener), [opening, openAt]);
  return element;
}

let root: Root | null = null;
let presses = 0;

/** Opens the lightbox at `index` of a grid's items; focus returns to `opener` on close. */
export function openViewer(items: LightboxItem[], index: number, label: string, words: LightboxWords, opener: HTMLElement): void {
  if (!root) {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  presses += 1;
  // One grid's viewer at a time: another grid (the laboratory has several) starts afresh.
  root.render(<Viewer key={label} opening={{ items, index, label, words, opener, n: presses }} />);
}
