import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// axe-core with the tags every page is held to (WCAG 2.0/2.1/2.2 A and AA), for every scan of the suite.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * A scan with those tags that reports violations only: axe still runs every rule on every node, but no
 * longer builds a selector for each node that passed (about a tenth of a scan's time on a long page).
 * `options` replaces what came before it, so it goes first.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(TAGS);
}

/** The violations on the page as it is now, one line each, named by `what`. */
export async function axeViolations(page: Page, what: string): Promise<string[]> {
  const results = await axeBuilder(page).analyze();
  return results.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
