import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical accessibility findings of axe-core on the page as it is now, one line
 * each (rule, impact, element), so a failing test names what to fix (docs/decisions.md#accessibility).
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Only violations are read: axe then skips building selectors for every passing node, which was
  // most of its time on a full screen. The rules and their checks are the same.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
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
