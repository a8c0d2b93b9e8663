import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { LightboxItem, LightboxTheme } from './types';
import type { LightboxWords } from './words';

// The lightbox and its plugins load on the first opening only: not in any page's first-load bundle.
const loadView = () => import('./lightbox-view');
const LightboxView = lazy(loadView);

/** Starts fetching the lightbox code early (e.g. on pointer-down), without opening it. */
export function preloadLightbox(): void {
  void loadView();
}

interface State {
  open: boolean;
  index: number;
  /** Incremented on every opening: each opening mounts a fresh lightbox, so its state starts over. */
  session: number;
}

// Inline styles: lightbox.css arrives with the lazy chunk, after this overlay is needed.
const OPENING_STYLE: React.CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 9999,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(12, 12, 12, 0.93)',
  color: 'silver',
  fontSize: '1.1rem',
};

function Opening({ text }: { text: string }) {
  return <output style={OPENING_STYLE}>{text}</output>;
}

/**
 * The one way pages open the lightbox: `openAt(index, openerElement)` and render `element`.
 * Focus goes back to the opener on close.
 */
export function useLightbox(
  items: LightboxItem[],
  label: string,
  words: LightboxWords,
  options: { maxZoom?: number; theme?: LightboxTheme } = {},
) {
  const [state, setState] = useState<State>({ open: false, index: 0, session: 0 });
  const opener = useRef<HTMLElement | null>(null);

  const openAt = useCallback((index: number, from?: HTMLElement | null) => {
    opener.current = from ?? null;
    setState((s) => ({ open: true, index, session: s.session + 1 }));
  }, []);

  const onClose = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const onExited = useCallback(() => {
    // Closing resets the index to the first slide (SPEC §4) and returns focus to the opener.
    setState((s) => ({ ...s, index: 0 }));
    const element = opener.current;
    const restore = () => {
      if (element?.isConnected) element.focus({ preventScroll: true });
    };
    restore();
    // Leaving full screen (closing from it) finishes after the lightbox has gone, and the browser then
    // drops focus on the body: give it back to the photo once the document is out of full screen.
    if (document.fullscreenElement) document.addEventListener('fullscreenchange', restore, { once: true });
  }, []);

  const element =
    state.session > 0 ? (
      <Suspense fallback={state.open ? <Opening text={words.opening} /> : null}>
        <LightboxView
          key={state.session}
          items={items}
          open={state.open}
          index={state.index}
          onClose={onClose}
          onExited={onExited}
          label={label}
          words={words}
          maxZoom={options.maxZoom}
          theme={options.theme}
        />
      </Suspense>
    ) : null;

  return { openAt, element, isOpen: state.open };
}
