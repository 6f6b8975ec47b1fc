/**
 * Every file a README or a docs/*.md names exists, so a reference that goes stale fails `npm test`.
 *
 * What counts as a reference: a Markdown link's target (resolved from the document's folder, as a
 * reader's viewer does), and in `code spans` or the prose every word that looks like a repository
 * path — it starts with one of the repository's top folders (`client/src/…`, `api/…`, `docs/…`) or
 * ends with a source file's extension (`lib/format.ts`, `price-field.tsx`). A path is found beside
 * the document, in a folder above it, or under one of the packages' source roots (docs/ writes
 * `lib/query-client.ts` for client/src/lib/query-client.ts); a bare file name anywhere in the
 * repository. `{a,b}` is expanded; URL routes (`/chat/{id}`), globs, placeholders (`{id}`, `<file>`,
 * `…`), package specifiers (`@agrivet/…`) and build output (`dist/`, `.bench-cache/`) are not paths.
 * Fenced code blocks are skipped: they hold commands and code, not references.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Stale references in docs that other engineers are rewriting now (issue 43 item 4): the lead clears
 * these when those files are rewritten. An entry is `document: reference`; one that no longer occurs
 * fails too, so the list only shrinks.
 */
const KNOWN_STALE: string[] = [];

const TOP_FOLDERS = [
  '.ci',
  'api',
  'client',
  'deploy',
  'docker',
  'docs',
  'e2e',
  'realtime',
  'relay',
  'scripts',
  'server',
  'shared',
];
/** Where docs/ and the READMEs name files from without their package's prefix. */
const SOURCE_ROOTS = [
  'client/src',
  'client',
  'api/src',
  'api',
  'relay/src',
  'relay',
  'realtime/src',
  'realtime',
  'server/src',
  'server',
  'shared/src',
  'shared',
  'e2e/tests',
  'e2e',
];
/** The team's specs, kept outside the repository; every doc may cite them. */
const TEAM_SPECS = ['SPEC.md', 'CONTRACT.md', 'STACK.md', 'STYLE.md'];
/** Written by the build, not kept in git: the service worker and its registration (vite-plugin-pwa). */
const BUILD_OUTPUT = ['sw.js', 'registerSW.js', 'manifest.webmanifest'];
const EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|css|md|json|yml|yaml|html|template)$/;
const MODULE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];

function repositoryFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // a file deleted in the working tree but not yet committed is gone
  return out.split('\0').filter((f) => f && existsSync(path.join(ROOT, f)));
}

const files = repositoryFiles();
const fileSet = new Set(files);
const folderSet = new Set<string>();
const baseNames = new Set<string>();
for (const file of files) {
  baseNames.add(path.posix.basename(file));
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) folderSet.add(parts.slice(0, i).join('/'));
}

const documents = files.filter(
  (f) => (path.posix.basename(f) === 'README.md' && !f.includes('node_modules/')) || /^docs\/[^/]+\.md$/.test(f),
);

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
function expandBraces(word: string): string[] {
  const m = /\{([^{}]*,[^{}]*)\}/.exec(word);
  if (!m) return [word];
  return m[1]
    .split(',')
    .flatMap((alt) => expandBraces(word.slice(0, m.index) + alt.trim() + word.slice(m.index + m[0].length)));
}

/** A word of a document → the repository paths it names (none when it is not a path). */
function pathsIn(raw: string): string[] {
  let word = raw
    .replace(/^[("'«»[]+/, '')
    .replace(/[)"'«».,:;!?\]]+$/, '')
    .replace(/'s$/, '');
  word = word.replace(/#.*$/, '').replace(/:\d+(-\d+)?$/, '');
  if (!word || word.startsWith('/') || word.startsWith('@') || word.startsWith('~') || word.startsWith('$')) return [];
  if (/:\/\/|[*…<>=|\\]|\.\.\.|node_modules|(^|\/)dist(-ssr)?(\/|$)|(^|\/)\.vite\/|\.bench-cache/.test(word)) return [];
  if (TEAM_SPECS.includes(word) || BUILD_OUTPUT.includes(word)) return [];
  if (/\{[^{},]*\}/.test(word)) return []; // a placeholder: `{id}`
  return expandBraces(word).filter((p) => {
    const first = p.split('/')[0];
    const inTopFolder = p.includes('/') && TOP_FOLDERS.includes(first);
    return inTopFolder || EXTENSIONS.test(p);
  });
}

function exists(candidate: string): boolean {
  const p = path.posix.normalize(candidate.replace(/\/$/, ''));
  if (fileSet.has(p) || folderSet.has(p)) return true;
  return !path.posix.extname(p) && MODULE_EXTENSIONS.some((ext) => fileSet.has(p + ext));
}

function resolves(doc: string, ref: string): boolean {
  if (!ref.includes('/')) return baseNames.has(ref);
  const bases: string[] = [];
  for (let dir = path.posix.dirname(doc); ; dir = path.posix.dirname(dir)) {
    bases.push(dir === '.' ? '' : dir);
    if (dir === '.') break;
  }
  return [...bases, ...SOURCE_ROOTS].some((base) => exists(base ? `${base}/${ref}` : ref));
}

/** Every reference of a document that names nothing: `document: reference`. */
function staleReferences(doc: string): string[] {
  const text = readFileSync(path.join(ROOT, doc), 'utf8').replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  const stale = new Set<string>();
  // Links: [text](target), relative to the document.
  const withoutLinks = text.replace(/\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_all, label: string, target: string) => {
    if (!/^[a-z][a-z+.-]*:|^#/i.test(target)) {
      const p = path.posix.join(path.posix.dirname(doc), decodeURI(target.replace(/#.*$/, '')));
      if (!exists(p)) stale.add(`${doc}: ${target}`);
    }
    return ` ${label} `;
  });
  for (const word of withoutLinks.split(/[\s`]+/)) {
    for (const ref of pathsIn(word)) if (!resolves(doc, ref)) stale.add(`${doc}: ${ref}`);
  }
  return [...stale];
}

it('finds the documents to check', () => {
  expect(documents).toContain('README.md');
  expect(documents).toContain('docs/decisions.md');
  expect(documents.length).toBeGreaterThan(5);
});

it('recognises a stale reference and a live one', () => {
  expect(pathsIn('`client/src/features/dashboard/components/price-field.tsx`,'.replaceAll('`', ''))).toEqual([
    'client/src/features/dashboard/components/price-field.tsx',
  ]);
  expect(resolves('client/src/features/dashboard/README.md', 'components/price-field.tsx')).toBe(false);
  expect(resolves('client/src/features/dashboard/README.md', 'api/set-store-verified.ts')).toBe(false);
  expect(resolves('client/src/features/dashboard/README.md', 'lib/access.ts')).toBe(true);
  expect(resolves('docs/decisions.md', 'lib/query-client.ts')).toBe(true);
  expect(pathsIn('api/src/events/{messages,orders}.ts')).toEqual([
    'api/src/events/messages.ts',
    'api/src/events/orders.ts',
  ]);
  expect(pathsIn('/chat/{id}')).toEqual([]);
  expect(pathsIn('client/dist/.vite/manifest.json')).toEqual([]);
});

it("every README's and every docs/*.md's file references exist", () => {
  const stale = documents.flatMap(staleReferences);
  expect(stale.filter((s) => !KNOWN_STALE.includes(s))).toEqual([]);
  // an allowed entry that was mended must leave the list
  expect(KNOWN_STALE.filter((s) => !stale.includes(s))).toEqual([]);
});
