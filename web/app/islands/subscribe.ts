// The subscription pages in the browser without React (docs/decisions/0076): /subscribe,
// /subscribe/confirm and /subscribe/manage load this module instead of React. Their forms are plain
// posts that work without it; here
// - after a post, focus goes to the form's error summary or its answer, so that keyboard and
//   screen-reader users land on it (a summary's links move focus to their field);
// - on /subscribe, "Notifications in this browser": which needs JavaScript, a service worker and the
//   Push API. Turning on asks the browser's permission, registers /sw.js, subscribes with the school's
//   VAPID public key and hands the subscription to the API (same origin, /api/subscribe/{code}/push);
//   turning off unsubscribes and tells the API. A browser already subscribed shows the "on" state.
// Imports nothing: the words the browser needs come in the server's HTML (data-* attributes; on a
// page in another language, `data-words`: components/subscribe/words.ts).

const POST_TIMEOUT_MS = 15_000;

const MESSAGES = {
  on: 'Notifications are on in this browser.',
  off: 'Notifications are off in this browser.',
  saved: 'Your topics are saved. Notifications are on in this browser.',
  offer: 'Choose what to hear about, then turn notifications on: your browser will ask whether this site may show them.',
  blocked:
    'Notifications are blocked for this site in your browser’s settings. To turn them on, allow notifications for this site there, then reload this page.',
  dismissed: 'Notifications were not allowed. Press “Turn on notifications” again to be asked once more.',
  unsupported: 'This browser cannot show notifications from websites. You can subscribe by e-mail instead.',
  homeScreen:
    'On iPhone and iPad, notifications work once this site is on your Home Screen: tap Share, then “Add to Home Screen”, and open the site from there.',
  failed: 'Notifications could not be turned on just now. Please try again in a few minutes.',
  offFailed: 'Notifications could not be turned off just now. Please try again in a few minutes.',
};
type Words = Record<keyof typeof MESSAGES | 'topics', string>;

/**
 * The section's words: on a page in another language the server puts them in `data-words`
 * (subscribeIslandWords), and the API's own (English) messages are not shown; on an English page, these.
 */
function wordsOf(section: HTMLElement): { words: Words; translated: boolean } {
  const english: Words = { ...MESSAGES, topics: section.dataset.topicsError ?? '' };
  try {
    const words: unknown = JSON.parse(section.dataset.words ?? 'null');
    if (words && typeof words === 'object') return { words: { ...english, ...(words as Partial<Words>) }, translated: true };
  } catch {
    // Unreadable words: the English ones.
  }
  return { words: english, translated: false };
}

/** Focus on an element the server rendered, brought into view. */
function focusOn(element: HTMLElement | null): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center' });
}

/**
 * After a post: the first form's error summary, else the page's answer. Once the page has loaded:
 * the browser's own move to the address's fragment (#by-email, for pages without JavaScript) takes
 * focus away from anything focused before it.
 */
function focusAnswer(): void {
  const answer = document.querySelector<HTMLElement>('.error-summary') ?? document.getElementById('subscribe-notice');
  if (document.readyState === 'complete') focusOn(answer);
  else window.addEventListener('load', () => focusOn(answer), { once: true });
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('.error-summary a[href^="#"]');
    if (!link) return;
    event.preventDefault();
    focusOn(document.getElementById(link.hash.slice(1)));
  });
}

/** The bytes of a base64url string (the VAPID public key), as PushManager.subscribe takes them. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** iPhone and iPad (iPadOS says it is a Mac, but has touch). */
function isIos(): boolean {
  return /iPad|iPhone|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
}

async function postJson(url: string, body: unknown): Promise<{ ok: boolean; error: string | null }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    if (response.ok) return { ok: true, error: null };
    const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
    return { ok: false, error: typeof answer?.error === 'string' ? answer.error : null };
  } catch {
    return { ok: false, error: null };
  }
}

/** A button while its request is under way: not pressable twice. */
function busy(button: HTMLButtonElement, pending: boolean): void {
  button.disabled = pending;
  if (pending) button.setAttribute('aria-disabled', 'true');
  else button.removeAttribute('aria-disabled');
}

function startPush(section: HTMLElement): void {
  const key = section.dataset.key;
  const school = section.dataset.school;
  const status = section.querySelector<HTMLElement>('[data-push-status]');
  const controls = section.querySelector<HTMLElement>('[data-push-controls]');
  const on = section.querySelector<HTMLButtonElement>('[data-push-on]');
  const save = section.querySelector<HTMLButtonElement>('[data-push-save]');
  const off = section.querySelector<HTMLButtonElement>('[data-push-off]');
  const topicsBox = section.querySelector<HTMLFieldSetElement>('fieldset');
  // No key: the API said the school has no push (the server's words stay).
  if (!key || !school || !status || !controls || !on || !save || !off || !topicsBox) return;
  const api = `/api/subscribe/${encodeURIComponent(school)}/push`;
  const { words, translated } = wordsOf(section);
  const topicsError = words.topics;

  const say = (text: string) => {
    status.textContent = text;
  };
  const showState = (subscribed: boolean) => {
    controls.hidden = false;
    on.hidden = subscribed;
    save.hidden = !subscribed;
    off.hidden = !subscribed;
  };
  const topics = () => Array.from(topicsBox.querySelectorAll<HTMLInputElement>('input[name="topics"]:checked'), (input) => input.value);

  if (isIos() && (navigator as Navigator & { standalone?: boolean }).standalone === false) {
    say(words.homeScreen);
    return;
  }
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    say(words.unsupported);
    return;
  }

  /** Hands this browser's subscription and the chosen topics to the API. */
  const register = async (subscription: PushSubscription): Promise<boolean> => {
    const chosen = topics();
    if (chosen.length === 0) {
      say(topicsError);
      topicsBox.querySelector<HTMLInputElement>('input')?.focus();
      return false;
    }
    const json = subscription.toJSON();
    const answer = await postJson(api, { endpoint: json.endpoint, keys: json.keys, topics: chosen });
    if (!answer.ok) say(translated ? words.failed : (answer.error ?? words.failed));
    return answer.ok;
  };

  on.addEventListener('click', () => {
    if (on.disabled) return;
    if (topics().length === 0) {
      say(topicsError);
      topicsBox.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    busy(on, true);
    void (async () => {
      try {
        const permission = await Notification.requestPermission();
        if (permission !== 'granted') {
          say(permission === 'denied' ? words.blocked : words.dismissed);
          return;
        }
        await navigator.serviceWorker.register('/sw.js', { scope: '/' });
        const registration = await navigator.serviceWorker.ready;
        const existing = await registration.pushManager.getSubscription();
        const subscription =
          existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(key) }));
        if (await register(subscription)) {
          showState(true);
          say(words.on);
          off.focus();
        } else if (!existing) {
          // The API did not take it: no subscription is left that nobody sends to.
          await subscription.unsubscribe().catch(() => false);
        }
      } catch {
        say(Notification.permission === 'denied' ? words.blocked : words.failed);
      } finally {
        busy(on, false);
      }
    })();
  });

  save.addEventListener('click', () => {
    if (save.disabled) return;
    busy(save, true);
    void (async () => {
      try {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const subscription = await registration?.pushManager.getSubscription();
        if (!subscription) {
          showState(false);
          say(words.off);
        } else if (await register(subscription)) say(words.saved);
      } catch {
        say(words.failed);
      } finally {
        busy(save, false);
      }
    })();
  });

  off.addEventListener('click', () => {
    if (off.disabled) return;
    busy(off, true);
    void (async () => {
      try {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const subscription = await registration?.pushManager.getSubscription();
        if (subscription) {
          // The browser's first: should the API not hear of it, its next push is refused and it forgets the address.
          await subscription.unsubscribe();
          await postJson(`${api}/remove`, { endpoint: subscription.endpoint });
        }
        showState(false);
        say(words.off);
        on.focus();
      } catch {
        say(words.offFailed);
      } finally {
        busy(off, false);
      }
    })();
  });

  // The state this browser is in now.
  void (async () => {
    if (Notification.permission === 'denied') {
      say(words.blocked);
      return;
    }
    try {
      const registration = await navigator.serviceWorker.getRegistration('/');
      const subscription = await registration?.pushManager.getSubscription();
      showState(Boolean(subscription));
      say(subscription ? words.on : words.offer);
    } catch {
      showState(false);
      say(words.offer);
    }
  })();
}

focusAnswer();
const push = document.querySelector<HTMLElement>('.subscribe-push');
if (push) startPush(push);
