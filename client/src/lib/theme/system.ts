/**
 * Chakra system trimmed to the recipes this app uses (Chakra's "bundle optimization" guide):
 * the base preset + the default tokens, without the ~90 recipes of defaultConfig.
 */
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem, defineConfig } from '@chakra-ui/react/styled-system';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

// Only the palettes the screens use: fewer CSS variables to generate on a slow phone.
const PALETTES = ['gray', 'green', 'red', 'orange', 'yellow', 'blue'] as const;
const KEEP = new Set<string>(['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', ...PALETTES]);
const pick = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([k]) => KEEP.has(k) || !/^[a-z]+$/.test(k) || !isPalette(k))) as T;
const ALL_PALETTES = new Set(['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink']);
const isPalette = (k: string) => ALL_PALETTES.has(k);

/**
 * The app has no dark mode (nothing sets `.dark`), so each semantic token keeps its light value only:
 * one CSS variable per token at the root instead of a `_light` and a `_dark` copy. createSystem turns
 * every variable into CSS as the app starts, one long task on a slow phone: 493 → 410 variables,
 * about a quarter less of it (docs/performance.md, issue 25).
 */
type Tokens = Record<string, unknown>;
function lightOnly<T>(node: T): T {
  if (!node || typeof node !== 'object') return node;
  if ('value' in node) {
    const { value } = node as { value: unknown };
    if (!value || typeof value !== 'object' || !('_light' in value)) return node;
    const { _light, _dark, ...rest } = value as Tokens;
    return { ...node, value: Object.keys(rest).length ? { base: _light, ...rest } : _light };
  }
  return Object.fromEntries(Object.entries(node as Tokens).map(([k, v]) => [k, lightOnly(v)])) as T;
}

const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: { ...(globalCss.html as object), colorPalette: 'green' },
    body: { fontFamily: 'body' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: pick(tokens.colors ?? {}),
      fonts: {
        ...tokens.fonts,
        // 'Cairo Fallback': a local font with Cairo's metrics while Cairo loads (app/fonts.css).
        body: { value: "'Cairo', 'Cairo Fallback', system-ui, 'Segoe UI', Tahoma, sans-serif" },
        heading: { value: "'Cairo', 'Cairo Fallback', system-ui, 'Segoe UI', Tahoma, sans-serif" },
      },
    },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: {
        ...pick(semanticTokens.colors ?? {}),
        // White text on the solid green / orange must reach WCAG AA (4.5:1): one shade darker.
        green: { ...(semanticTokens.colors?.green as object), solid: { value: '{colors.green.700}' } },
        orange: { ...(semanticTokens.colors?.orange as object), solid: { value: '{colors.orange.700}' } },
      },
    }),
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
    },
    // Slot recipes travel with the components that use them (lib/theme/slot-recipes.ts).
    slotRecipes: {},
  },
});

export const system = createSystem(defaultBaseConfig, config);
