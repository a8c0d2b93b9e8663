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
  const LISTING_TIMEOUT_MS = 10000;
  const SEARCH_DEBOUNCE_MS = 300;

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
      // Right to left (an Urdu page) the list scrolls leftwards from 0: scrollLeft 0, −width …
      const forward = getComputedStyle(list).direction === 'rtl' ? -1 : 1;
      list.scrollTo({ left: forward * at * list.clientWidth, behavior: still.matches ? 'auto' : 'smooth' });
    };
    const update = () => {
      const playing = !stopped();
      list.setAttribute('data-playing', String(playing));
      if (playButton.firstChild) playButton.firstChild.textContent = (playing ? playButton.dataset.pause : playButton.dataset.play) ?? '';
      clearInterval(timer);
      timer = playing && !held ? setInterval(() => show(index + 1), STEP_MS) : undefined;
    };
    // A swipe or scroll by the visitor moves the list: the counter follows once our own scroll has arrived.
    const follow = () => {
      if (list.clientWidth === 0) return;
      const at = Math.abs(list.scrollLeft) / list.clientWidth;
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

  // Tables that scroll sideways (components/pages/row-table.tsx): the hint under a table keeps its
  // line and turns invisible where the table fits its box.
  doc.querySelectorAll<HTMLElement>('.table-wrap--hinted').forEach((wrap) => {
    const hint = wrap.previousElementSibling;
    if (!hint?.classList.contains('table-hint')) return;
    const measure = () => hint.classList.toggle('table-hint--idle', wrap.scrollWidth <= wrap.clientWidth + 1);
    measure();
    new ResizeObserver(measure).observe(wrap);
  });

  // The house tabs (components/pages/house-tabs.tsx): links to ?house=<id> that, once this runs,
  // select in place (WAI-ARIA tabs, automatic activation: arrows, Home, End) and replace the URL.
  const tablist = doc.querySelector<HTMLElement>('.house-tablist');
  if (tablist) {
    const tabs = Array.from(tablist.querySelectorAll<HTMLAnchorElement>('a[role="tab"]'));
    const selectTab = (index: number) => {
      const chosen = tabs[index];
      if (!chosen) return;
      tabs.forEach((tab, i) => {
        tab.setAttribute('aria-selected', String(i === index));
        tab.tabIndex = i === index ? 0 : -1;
        const panel = doc.getElementById(tab.getAttribute('aria-controls') ?? '');
        if (panel) panel.hidden = i !== index;
      });
      chosen.focus();
      history.replaceState(history.state, '', chosen.getAttribute('href') ?? '');
    };
    tabs.forEach((tab, index) => {
      tab.addEventListener('click', (event) => {
        // A new tab or window (modifier keys, middle button) keeps the link's normal behaviour.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        selectTab(index);
      });
      tab.addEventListener('keydown', (event) => {
        const last = tabs.length - 1;
        // Right to left the next tab is the one on the left (WAI-ARIA tabs): the list's direction
        // (a tab itself may hold a name in English, left to right).
        const rtl = getComputedStyle(tab.closest('[role="tablist"]') ?? tab).direction === 'rtl';
        const to: Record<string, number> = {
          [rtl ? 'ArrowLeft' : 'ArrowRight']: index === last ? 0 : index + 1,
          [rtl ? 'ArrowRight' : 'ArrowLeft']: index === 0 ? last : index - 1,
          Home: 0,
          End: last,
        };
        const target = to[event.key];
        if (target === undefined) return;
        event.preventDefault();
        selectTab(target);
      });
    });
  }

  // A listing's filters (components/listing/filter-form.tsx), a GET form that works without this:
  // here the list follows each change at once (selects) or after a short pause (search). The page
  // for the new address is fetched and the results after the form swapped in, so the search box
  // keeps focus and what is typed; the address is replaced, so Back leaves the page. Should the
  // fetch fail, the browser goes to the address itself.
  const filters = doc.querySelector<HTMLFormElement>('search > form.filters');
  const listing = filters?.closest('.listing');
  if (filters && listing) {
    const summary = filters.querySelector('output');
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | undefined;
    const addressOf = () => {
      const params = new URLSearchParams();
      new FormData(filters).forEach((value, name) => {
        if (typeof value !== 'string' || (name === 'q' && !value.trim())) return;
        const field = filters.elements.namedItem(name);
        if (field instanceof HTMLSelectElement && field.dataset.implied === value) return;
        params.append(name, value);
      });
      const query = params.toString();
      return location.pathname + (query ? `?${query}` : '');
    };
    // What follows the filter form in a listing. Inside `enhance`, whose text is all the browser gets.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const afterForm = (root: Element) => {
      const nodes: Element[] = [];
      for (let node = root.querySelector('search')?.nextElementSibling; node; node = node.nextElementSibling) nodes.push(node);
      return nodes;
    };
    const send = async () => {
      clearTimeout(timer);
      const address = addressOf();
      inFlight?.abort();
      const mine = new AbortController();
      inFlight = mine;
      summary?.setAttribute('aria-busy', 'true');
      try {
        const response = await fetch(address, {
          credentials: 'same-origin',
          headers: { accept: 'text/html' },
          signal: AbortSignal.any([mine.signal, AbortSignal.timeout(LISTING_TIMEOUT_MS)]),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const next = new DOMParser().parseFromString(await response.text(), 'text/html');
        const nextForm = next.querySelector<HTMLFormElement>('search > form.filters');
        const nextListing = nextForm?.closest('.listing');
        if (!nextForm || !nextListing) throw new Error('not a listing');
        if (mine.signal.aborted) return;
        afterForm(listing).forEach((node) => node.remove());
        listing.append(...afterForm(nextListing).map((node) => doc.adoptNode(node)));
        // The choices follow the new list (a year's months), never a control under the visitor's fingers.
        nextForm.querySelectorAll('select').forEach((nextSelect) => {
          const select = filters.elements.namedItem(nextSelect.name);
          if (!(select instanceof HTMLSelectElement) || select === doc.activeElement) return;
          const value = nextSelect.value;
          select.replaceChildren(...Array.from(nextSelect.options).map((option) => doc.adoptNode(option)));
          select.value = value;
        });
        const nextSummary = nextForm.querySelector('output');
        if (summary && nextSummary) summary.textContent = nextSummary.textContent;
        history.replaceState(history.state, '', address);
      } catch {
        if (!mine.signal.aborted) location.assign(address);
      } finally {
        if (inFlight === mine) summary?.setAttribute('aria-busy', 'false');
      }
    };
    filters.addEventListener('change', (event) => {
      clearTimeout(timer);
      if (event.target instanceof HTMLInputElement) timer = setTimeout(() => void send(), SEARCH_DEBOUNCE_MS);
      else void send();
    });
    filters.addEventListener('input', (event) => {
      if (!(event.target instanceof HTMLInputElement)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void send(), SEARCH_DEBOUNCE_MS);
    });
    filters.addEventListener('submit', (event) => {
      event.preventDefault();
      void send();
    });
    // A choice made while the page was still arriving is the visitor's: the list follows it at once.
    const changed =
      Array.from(filters.querySelectorAll('select')).some((select) =>
        Array.from(select.options).some((o) => o.selected !== o.defaultSelected),
      ) || Array.from(filters.querySelectorAll('input')).some((input) => input.value !== input.defaultValue);
    if (changed) void send();
  }

  // "Share" (components/share-button.tsx): a link to WhatsApp that, with this running, opens the
  // device's share sheet or else copies the address and says so (in the page's language: its
  // words are the link's data attributes, English without them).
  doc.querySelectorAll<HTMLAnchorElement>('a[data-share-url]').forEach((link) => {
    const url = link.dataset.shareUrl ?? '';
    const title = link.dataset.shareTitle ?? '';
    const copied = link.dataset.shareCopied ?? 'Link copied.';
    const copy = link.dataset.shareCopy ?? `Copy this link: ${url}`;
    const status = link.parentElement?.querySelector('output');
    link.addEventListener('click', (event) => {
      if (typeof navigator.share === 'function') {
        event.preventDefault();
        navigator.share({ title, url }).catch(() => undefined);
      } else if (navigator.clipboard?.writeText) {
        event.preventDefault();
        navigator.clipboard.writeText(url).then(
          () => status && (status.textContent = copied),
          () => status && (status.textContent = copy),
        );
      }
    });
  });

  // A photo pressed before the photos island has run (islands/photos.ts, on a slow phone) is held
  // here and opened by the island as it starts; should the island never run (the page's load ends
  // without it), the photo itself opens, as the link would have. A press after that is the link's.
  const root = doc.documentElement;
  if (doc.querySelector('ul.photo-grid[data-photos]')) {
    doc.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('ul.photo-grid[data-photos] > li > a');
      if (!link || root.dataset.photos || doc.readyState === 'complete') return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      doc.querySelectorAll('[data-pressed]').forEach((other) => other.removeAttribute('data-pressed'));
      link.setAttribute('data-pressed', '');
    });
    window.addEventListener('load', () => {
      const held = doc.querySelector<HTMLAnchorElement>('a[data-pressed]');
      if (held && !root.dataset.photos) location.assign(held.href);
    });
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
        showCount(typeof visitor === 'number' ? visitor.toLocaleString(document.documentElement.lang || 'en-IN') : '—');
      })
      .catch(() => showCount('—'));
  }
}

/** The inline script: the function above, called at once. */
export const enhanceScript = `(${enhance.toString()})();`;
