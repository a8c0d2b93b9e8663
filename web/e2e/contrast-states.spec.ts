import { expect, test, type CDPSession, type Page } from '@playwright/test';

// Issue 17: button text vanished on hover ("View Album", the footer's store buttons). For every link
// and button style on the public pages, Chromium's computed text colour against the colour behind it
// must reach 4.5:1 in each state: normal, hover and keyboard focus. States are forced through the
// DevTools protocol (CSS.forcePseudoState), so each is measured exactly and without mouse timing.

const PAGES = [
  '/',
  '/gallery',
  '/news',
  '/Events',
  '/alumni',
  '/house',
  '/parent-portal',
  '/contactUs',
  '/primary-wing',
  '/VideoGallery',
  '/Toppers',
  '/erp-software',
  '/syllabus',
  '/sitemap',
  '/no-such-page',
];
const STATES: Array<{ name: string; forced: string[] }> = [
  { name: 'normal', forced: [] },
  { name: 'hover', forced: ['hover'] },
  { name: 'focus', forced: ['focus', 'focus-visible'] },
];
const MINIMUM = 4.5;

interface Measure {
  text: string;
  ratio: number | null;
  colour: string;
  background: string;
}

/** Marks one visible element per link/button style (tag, classes and the classes of its parent) and returns their keys. */
async function markStyles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Set<string>();
    const keys: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, [role="tab"]')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width < 2 || box.height < 2 || style.visibility === 'hidden' || element.closest('[hidden], [aria-hidden="true"]')) continue;
      if (!(element.innerText ?? '').trim()) continue; // icon-only controls: non-text contrast, not this check
      const key = `${element.tagName.toLowerCase()}.${element.className}|${element.parentElement?.className ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      element.dataset.contrastKey = key;
      keys.push(key);
    }
    return keys;
  });
}

/** The contrast of the element's own text and of every descendant that holds text of its own. */
async function measure(page: Page, key: string): Promise<Measure[]> {
  // Everything runs inside the page (serialised), so the helpers live in this one function.
  // oxlint-disable unicorn/consistent-function-scoping
  return page.evaluate((k) => {
    const parse = (value: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(value);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!));
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    /** The solid colour behind an element, or null when a picture is behind it (not measurable here). */
    const backdrop = (element: Element): number[] | null => {
      const layers: number[][] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('linear-gradient')) return null;
        const colour = parse(style.backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      let result = [255, 255, 255];
      for (const layer of layers.toReversed()) result = over(layer, result);
      return result;
    };
    const root = document.querySelector(`[data-contrast-key="${CSS.escape(k)}"]`);
    if (!root) return [];
    const holders = [root, ...root.querySelectorAll('*')].filter(
      (node) =>
        [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) &&
        !node.closest('.visually-hidden') &&
        (node as HTMLElement).getBoundingClientRect().width > 1,
    );
    return holders.map((node) => {
      const style = getComputedStyle(node);
      const colour = parse(style.color);
      const behind = backdrop(node);
      if (!colour || !behind)
        return { text: node.textContent?.trim().slice(0, 40) ?? '', ratio: null, colour: style.color, background: 'picture' };
      const fg = over(colour, behind);
      const [light, dark] = [luminance(fg), luminance(behind)].sort((a, b) => b - a);
      return {
        text: node.textContent?.trim().slice(0, 40) ?? '',
        ratio: (light! + 0.05) / (dark! + 0.05),
        colour: style.color,
        background: `rgb(${behind.map(Math.round).join(', ')})`,
      };
    });
  }, key);
  // oxlint-enable unicorn/consistent-function-scoping
}

async function force(cdp: CDPSession, key: string, forced: string[]): Promise<void> {
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', {
    nodeId: root.nodeId,
    selector: `[data-contrast-key="${key.replace(/["\\]/g, '\\$&')}"]`,
  });
  await cdp.send('CSS.forcePseudoState', { nodeId, forcedPseudoClasses: forced });
}

for (const width of [390, 1280]) {
  test(`every link and button style keeps 4.5:1 contrast when normal, hovered and focused (${width} px)`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const cdp = await page.context().newCDPSession(page);
    const failures: string[] = [];
    let measured = 0;
    for (const path of PAGES) {
      await page.goto(path);
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      for (const key of await markStyles(page)) {
        for (const state of STATES) {
          await force(cdp, key, state.forced);
          for (const m of await measure(page, key)) {
            if (m.ratio === null) continue;
            measured += 1;
            if (m.ratio < MINIMUM) {
              failures.push(`${path} ${state.name} "${m.text}" [${key}]: ${m.ratio.toFixed(2)}:1 (${m.colour} on ${m.background})`);
            }
          }
        }
        await force(cdp, key, []);
      }
    }
    console.log(`contrast: ${measured} text measurements at ${width} px, ${failures.length} below ${MINIMUM}:1`);
    expect(measured).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });
}
