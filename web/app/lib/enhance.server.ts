// The shell's behaviours on pages that load no React (lib/hydration.ts, docs/decisions/0074): the
// menu (components/shell/main-menu.tsx), the announcements (components/shell/announcements.tsx) and
// the visitor count (components/shell/visitor-count.tsx), on the very HTML those components render.
// It is written into the page inline, with the response's CSP nonce, so it must stand alone: no
// imports, nothing from outside the function (its text is all the browser gets). It runs at the
// end of <body>, so a tap is never lost to a script still downloading.

/** Everything the script does; `enhanceScript` below is its text. */
export function enhance(): void {
  const doc = document;
  const WIDE = '(min-width: 991px)';
  const REDUCED = '(prefers-reduced-motion: reduce)';
  const STEP_MS = 5000;
  const VISITOR_TIMEOUT_MS = 5000;

  // The menu: the narrow menu's toggle and each group's disclosure button (WAI-ARIA disclosure).
  const nav = doc.querySelector<HTMLElement>('.main-nav');
  if (nav) {
    const toggle = nav.querySelector<HTMLButtonElement>('.menu-toggle');
    const menu = nav.querySelector<HTMLElement>('.menu');
    const groups = Array.from(nav.querySelectorAll<HTMLButtonElement>('.menu__button'));
    const submenuOf = (button: HTMLButtonElement) => doc.getElementById(button.getAttribute('aria-controls') ?? '');
    const openGroup = () => groups.find((b) => b.getAttribute('aria-expanded') === 'true');
    const setGroup = (button: HTMLButtonElement, open: boolean) => {
      button.setAttribute('aria-expanded', String(open));
      const submenu = submenuOf(button);
      if (submenu) submenu.hidden = !open;
    };
    const setNarrow = (open: boolean) => {
      toggle?.setAttribute('aria-expanded', String(open));
      menu?.setAttribute('data-open', String(open));
    };
    const closeAll = () => {
      groups.forEach((b) => setGroup(b, false));
      setNarrow(false);
    };
    toggle?.addEventListener('click', () => setNarrow(toggle.getAttribute('aria-expanded') !== 'true'));
    groups.forEach((button) =>
      button.addEventListener('click', () => {
        const open = button.getAttribute('aria-expanded') !== 'true';
        groups.forEach((b) => setGroup(b, false));
        setGroup(button, open);
      }),
    );
    nav.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      const group = openGroup();
      if (group) {
        setGroup(group, false);
        group.focus();
      } else if (toggle?.getAttribute('aria-expanded') === 'true') {
        setNarrow(false);
        toggle.focus();
      }
    });
    doc.addEventListener('pointerdown', (event) => {
      const group = openGroup();
      if (group && !nav.contains(event.target as Node)) setGroup(group, false);
    });
    // Across the breakpoint the menu starts afresh, as the React menu does.
    window.matchMedia(WIDE).addEventListener('change', closeAll);
  }

  // The announcements: one at a time, the next every few seconds unless paused, held or still.
  const strip = doc.querySelector<HTMLElement>('.announcements');
  const list = strip?.querySelector<HTMLElement>('.announcements__list');
  const buttons = strip ? Array.from(strip.querySelectorAll<HTMLButtonElement>('.announcements__button')) : [];
  if (strip && list && buttons.length === 3) {
    const [previous, playButton, next] = buttons as [HTMLButtonElement, HTMLButtonElement, HTMLButtonElement];
    const items = Array.from(list.children) as HTMLElement[];
    const counter = strip.querySelector('.announcements__count');
    const count = items.length;
    const still = window.matchMedia(REDUCED);
    let index = 0;
    let target: number | null = null;
    let choice: 'stopped' | 'playing' | null = null;
    let held = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stopped = () => (choice === null ? still.matches : choice === 'stopped');
    const mark = (shown: number) => {
      index = shown;
      items.forEach((item, i) => (i === shown ? item.setAttribute('aria-current', 'true') : item.removeAttribute('aria-current')));
      if (counter) counter.textContent = `${shown + 1} / ${count}`;
    };
    const show = (wanted: number) => {
      const at = ((wanted % count) + count) % count;
      target = at;
      mark(at);
      list.scrollTo({ left: at * list.clientWidth, behavior: still.matches ? 'auto' : 'smooth' });
    };
    const update = () => {
      const playing = !stopped();
      list.setAttribute('data-playing', String(playing));
      if (playButton.firstChild) playButton.firstChild.textContent = playing ? 'Pause' : 'Play';
      clearInterval(timer);
      timer = playing && !held ? setInterval(() => show(index + 1), STEP_MS) : undefined;
    };
    // A swipe or scroll by the visitor moves the list: the counter follows once our own scroll has arrived.
    const follow = () => {
      if (list.clientWidth === 0) return;
      const at = list.scrollLeft / list.clientWidth;
      if (target !== null) {
        if (Math.abs(at - target) > 0.01) return;
        target = null;
      }
      mark(Math.min(count - 1, Math.round(at)));
    };
    const byHand = () => {
      target = null;
    };
    list.addEventListener('scroll', follow, { passive: true });
    list.addEventListener('scrollend', () => {
      target = null;
      follow();
    });
    list.addEventListener('pointerdown', byHand);
    list.addEventListener('wheel', byHand, { passive: true });
    const hold = (on: boolean) => {
      held = on;
      update();
    };
    strip.addEventListener('mouseenter', () => hold(true));
    strip.addEventListener('mouseleave', () => hold(false));
    strip.addEventListener('focusin', () => hold(true));
    strip.addEventListener('focusout', (event) => {
      if (!strip.contains(event.relatedTarget as Node | null)) hold(false);
    });
    previous.addEventListener('click', () => show(index - 1));
    next.addEventListener('click', () => show(index + 1));
    playButton.addEventListener('click', () => {
      choice = stopped() ? 'playing' : 'stopped';
      update();
    });
    still.addEventListener('change', update);
    buttons.forEach((button) => (button.disabled = false));
    update();
  }

  // The visitor count (SPEC §7): register the visit, then show the school's count.
  const counts = Array.from(doc.querySelectorAll<HTMLElement>('.visitor__count'));
  const code = doc.querySelector<HTMLElement>('[data-school-code]')?.dataset.schoolCode;
  if (counts.length > 0 && code) {
    const options = { credentials: 'same-origin', signal: AbortSignal.timeout(VISITOR_TIMEOUT_MS) } as const;
    const showCount = (text: string) =>
      counts.forEach((element) => {
        element.textContent = text;
        element.setAttribute('aria-busy', 'false');
      });
    fetch('/api/visitor', {
      ...options,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ schoolcode: code }),
    })
      .catch(() => undefined)
      .then(() => fetch(`/api/visitor/${encodeURIComponent(code)}`, options))
      .then((response) => (response.ok ? response.json() : null))
      .then((data: unknown) => {
        const visitor = (Array.isArray(data) ? (data[0] as { visitor?: unknown } | undefined) : undefined)?.visitor;
        showCount(typeof visitor === 'number' ? visitor.toLocaleString('en-IN') : '—');
      })
      .catch(() => showCount('—'));
  }
}

/** The inline script: the function above, called at once. */
export const enhanceScript = `(${enhance.toString()})();`;
