import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical accessibility findings of axe-core on the page as it is now, one line
 * each (rule, impact, element), so a failing test names what to fix (docs/decisions.md#accessibility).
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Legacy mode runs axe.run in the page (and its same-origin frames) instead of opening a blank page
  // of the context to merge per-frame results: about 0.3 s a screen instead of 0.8 s, with the same
  // rules and findings (a cross-origin frame, which the app has none of, would fail the check).
  // Only violations are read, so axe builds no selector for every passing node.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (rules) builder.withRules(rules);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) => `${v.id} (${v.impact}) ${node.target.join(' ')}: ${node.any[0]?.message ?? v.help}`,
      ),
    );
}
