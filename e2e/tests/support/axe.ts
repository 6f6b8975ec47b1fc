/**
 * axe-core on a screen as it is: no serious or critical violation, and no control whose accessible name
 * hides its visible text (`label-content-name-mismatch`, off in axe by default: a voice-control user says
 * what they see). Every spec that runs axe calls this one check, so a screen checked in one is not checked
 * again in another.
 *
 * How it runs, for speed (measured on a dashboard table, 1.3–2.0 s → 0.5 s a screen):
 * - Legacy mode: axe runs in the page itself. The default opens a blank page (a new renderer) after every
 *   run, only to merge results from cross-origin frames, and the product has none.
 * - `resultTypes: ['violations']`: passes and incomplete results keep one node each, not every node;
 *   only violations are read here. Violations are reported in full either way.
 *
 * Arabic text: axe skips text it takes for an icon font's ligature (`isIconLigature`: the first letter drawn
 * alone differs by over 15 % from its place in the word). Every Arabic word does that, since its letters
 * join, and after three such texts axe takes the whole font family for an icon font and skips all its text
 * in `color-contrast` and `label-content-name-mismatch`. Unpatched, neither rule checked any text of this
 * product. The product draws its icons as SVG, never with a font, so the axe injected here counts every
 * font as a text font (its font cache says so before axe measures one).
 *
 * axe.spec.ts shows this configuration still finds each kind of violation it is relied on for, in Arabic.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axeCore from 'axe-core';

/** Runs in the page after axe is defined: axe's per-font ligature record says "text" for every family. */
function everyFontIsText() {
  const axe = (window as unknown as { axe: { _cache: { get(key: string, creator?: () => unknown): unknown } } }).axe;
  const get = axe._cache.get;
  axe._cache.get = function (this: unknown, key, creator) {
    if (key !== 'fonts') return get.call(this, key, creator);
    return get.call(this, key, () => {
      const text = () => ({ occurrences: Number.POSITIVE_INFINITY, numLigatures: 0 });
      return new Proxy({} as Record<string, unknown>, { get: (fonts, family: string) => (fonts[family] ??= text()) });
    });
  };
}

const axeSource = `${axeCore.source}\n;(${everyFontIsText.toString()})();`;

/** The violations of `page` (or of its part `include`, a CSS selector) this suite fails on, as lines. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page, axeSource })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Fails the test on any violation axeViolations reports; `name` says which screen in the failure. */
export async function expectNoAxeViolations(page: Page, name: string, include?: string): Promise<void> {
  expect((await axeViolations(page, include)).map((line) => `${name}: ${line}`)).toEqual([]);
}
