#!/usr/bin/env node
/**
 * The client's import boundaries (client/src/README.md, "Rules"), checked on the resolved paths of every
 * import, relative, through the `@/` and `@test/` aliases or as a bare `@agrivet/client/…` specifier:
 *   - no `../` that leaves the importing file's folder for src/ or test/: `@/…` (client/src) and
 *     `@test/…` (client/test) say where an import goes (`./x` inside one's own folder stays);
 *   - a feature (features/<f>/) imports no other feature and not app/;
 *   - shared code (api/, components/, stores/, lib/, config/, i18n/, the files at the root of src/)
 *     imports no feature and not app/;
 *   - config/, i18n/ and the request path (lib/api-*.ts, lib/token-storage.ts) import no store and no
 *     component: the api client knows nothing of the session (the session registers its token getter
 *     and its 401 handler, lib/api-client.ts);
 *   - app/ may import anything (it composes the features).
 * Tests (`__tests__/`, `*.test.*`, and client/test) are checked too, with two allowances: a test may
 * drive shared code through a feature (it composes, as app/ does), but another feature's test helpers
 * are not for it (shared helpers live in client/test, `@test/…`), and client/test imports no feature.
 *
 * Biome's noRestrictedImports matches the import text, not the file it resolves to, so a relative
 * `../../chat/x` cannot be told from one inside the same feature without rewriting every import;
 * this script is run by `npm run lint` after Biome. Exit code 1 and one line per violation.
 *
 *   node client/scripts/check-boundaries.mjs [srcDir]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const SHARED = new Set(['.', 'api', 'components', 'stores', 'lib', 'config', 'i18n']);
/** Areas, and files inside src, that import no store and no component. */
const LEAVES = new Set(['config', 'i18n']);
const REQUEST_PATH = /^lib\/(api-[^/]+|token-storage)\.[a-z]+$/;

/** The area a path inside srcDir belongs to: 'features/<f>', 'app', 'lib' … or null outside srcDir. */
export function areaOf(srcDir, file) {
  const rel = path.relative(srcDir, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts.length === 1) return '.';
  if (parts[0] === 'features') return parts.length > 2 ? `features/${parts[1]}` : 'features';
  return parts[0];
}

/**
 * Why a file of area `from` may not import one of area `to`, or null when it may (`file`: the importing
 * file relative to src, with forward slashes, for the rules about single files).
 */
export function ruleBroken(from, to, file = '') {
  if (from === null || to === null || from === to || from === 'app') return null;
  if (from === 'test') return to.startsWith('features') ? 'client/test imports a feature' : null;
  const toFeature = to.startsWith('features');
  if (from.startsWith('features/')) {
    if (toFeature) return 'a feature imports another feature (compose them in app/, or move shared UI to components/)';
    if (to === 'app') return 'a feature imports app/';
    return null;
  }
  if (SHARED.has(from)) {
    if (toFeature) return `shared code (${from}/) imports a feature`;
    if (to === 'app') return `shared code (${from}/) imports app/`;
  }
  if (LEAVES.has(from) || REQUEST_PATH.test(file)) {
    const what = LEAVES.has(from) ? `${from}/` : 'the request path (lib/api-*, lib/token-storage)';
    if (to === 'stores') return `${what} imports a store (let the store register a callback instead)`;
    if (to === 'components') return `${what} imports a component`;
  }
  return null;
}

const isTest = (rel) => rel.split(/[\\/]/).includes('__tests__') || /\.test\.[a-z]+$/.test(rel);

/** Static imports and re-exports (possibly over several lines), side-effect imports, dynamic imports. */
const STATIC = /^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"\n]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** Every module specifier of a source text with its line number (dynamic imports in comments skipped). */
export function importsOf(text) {
  const found = [];
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(STATIC)) found.push({ specifier: m[1], line: lineAt(m.index + m[0].indexOf(m[1])) });
  for (const m of text.matchAll(DYNAMIC)) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const before = text.slice(lineStart, m.index).trimStart();
    if (before.startsWith('//') || before.startsWith('*') || before.startsWith('/*')) continue;
    found.push({ specifier: m[1], line: lineAt(m.index) });
  }
  return found;
}

/** The client's test helpers beside src/ (client/test). */
const testDirOf = (srcDir) => path.join(path.dirname(path.resolve(srcDir)), 'test');

/** The file a specifier names (without extension resolution: only its directory matters), or null. */
export function resolveSpecifier(srcDir, file, specifier) {
  if (specifier.startsWith('@/')) return path.join(srcDir, specifier.slice(2));
  if (specifier.startsWith('@test/')) return path.join(testDirOf(srcDir), specifier.slice('@test/'.length));
  // The client package by name: @agrivet/client/src/… is src/…
  if (specifier === '@agrivet/client' || specifier.startsWith('@agrivet/client/'))
    return path.join(path.dirname(path.resolve(srcDir)), specifier.slice('@agrivet/client'.length));
  if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')) {
    return path.resolve(path.dirname(file), specifier);
  }
  return null;
}

/** A `../` import that leaves its folder for somewhere src/ or test/ (say it with `@/` or `@test/`). */
function climbsOut(srcDir, file, specifier, target) {
  if (specifier !== '..' && !specifier.startsWith('../')) return false;
  const inside = (dir) => {
    const rel = path.relative(dir, target);
    return !rel.startsWith('..') && !path.isAbsolute(rel);
  };
  const root = path.resolve(srcDir);
  // From src/, every climb out of the file's folder; from test/, one into src/ or test/ (a test may
  // reach the script it tests, ../scripts/…).
  return path.relative(root, file).startsWith('..') ? inside(root) || inside(testDirOf(root)) : true;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(full);
    return SOURCE.test(e.name) ? [full] : [];
  });
}

/**
 * Every broken boundary under srcDir and the test helpers beside it (client/test):
 * `{ file, line, specifier, reason }` (file relative to srcDir; client/test's as `../test/…`).
 */
export function findViolations(srcDir) {
  const root = path.resolve(srcDir);
  const testDir = testDirOf(root);
  // This script's own test holds fixture sources in strings: not imports of its own.
  const files = [...walk(root), ...(existsSync(testDir) ? walk(testDir) : [])].filter(
    (f) => path.basename(f) !== 'check-boundaries.test.ts',
  );
  const violations = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    const relPosix = rel.split(path.sep).join('/');
    const inTestDir = rel.startsWith('..');
    const test = inTestDir || isTest(rel);
    const from = inTestDir ? 'test' : areaOf(root, file);
    for (const { specifier, line } of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(root, file, specifier);
      if (target === null) continue;
      const report = (reason) => violations.push({ file: relPosix, line, specifier, reason });
      if (climbsOut(root, file, specifier, target)) {
        report("a '../' import leaves its folder: write it from the root, '@/…' (src) or '@test/…' (client/test)");
        continue;
      }
      const targetRel = path.relative(root, target);
      const to = targetRel.startsWith('..')
        ? path.relative(testDir, target).startsWith('..')
          ? null
          : 'test'
        : areaOf(root, target);
      if (test) {
        // Another feature's test helpers are not shared: move them to client/test.
        if (from !== to && to?.startsWith('features/') && isTest(targetRel))
          report(`a test imports ${to}'s test helpers (shared test helpers live in client/test, @test/…)`);
        else if (from === 'test' && to?.startsWith('features')) report('client/test imports a feature');
        continue;
      }
      const reason = ruleBroken(from, to, relPosix);
      if (reason) report(reason);
    }
  }
  return violations;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const srcDir = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const violations = findViolations(srcDir);
  for (const v of violations) console.error(`${v.file}:${v.line} imports '${v.specifier}': ${v.reason}`);
  if (violations.length > 0) {
    console.error(`check-boundaries: ${violations.length} import(s) cross a boundary (client/src/README.md, Rules)`);
    process.exit(1);
  }
  console.log('check-boundaries: client/src imports keep their boundaries');
}
