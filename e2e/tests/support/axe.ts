/**
 * axe-core on a signed-in screen: no serious or critical violation, and no control whose accessible name
 * hides its visible text (`label-content-name-mismatch`, off in axe by default: a voice-control user says
 * what they see). top-bar.spec and dashboard-screens.spec share it, so a screen checked in one is not
 * checked again in the other.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const bad = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch',
  );
  expect(bad.map((v) => `${name}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}
