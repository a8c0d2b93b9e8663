import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// axe-core with the tags every staff page is held to (WCAG 2.0/2.1/2.2 A and AA), as admin-a11y.spec.ts scans.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The violations on the page as it is now, one line each, named by `what`. */
export async function axeViolations(page: Page, what: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${what}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
