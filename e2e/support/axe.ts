import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical accessibility findings of axe-core on the page as it is now, one line
 * each (rule, impact, element), so a failing test names what to fix (docs/decisions.md#accessibility).
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
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
