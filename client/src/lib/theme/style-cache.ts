/**
 * Emotion's style cache, the same on the server (app/ssr/entry-server.tsx) and in the browser
 * (app/main.tsx), without Emotion's default vendor prefixer: `-webkit-box`, `-ms-flexbox`,
 * `-moz-transform`, `@-webkit-keyframes` … are for browsers this app does not run on (it targets
 * Chromium on Android, current Safari and Firefox; build.target es2020 already rules out older ones). A
 * server-rendered page carried ~30 % more CSS for them (a third of its declarations and every keyframe
 * twice), the browser matched every one of them at its first style recalculation, and each style
 * the app inserts went through one more stylis pass. Chakra's own properties that still need a
 * prefix (`-webkit-line-clamp`, `-webkit-text-size-adjust`, `-webkit-tap-highlight-color`) are
 * written prefixed by Chakra itself and stay. docs/decisions.md, "React apart, and CSS without vendor prefixes".
 */
import createCache, { type EmotionCache } from '@emotion/cache';

export function createStyleCache(): EmotionCache {
  return createCache({ key: 'css', stylisPlugins: [] });
}
