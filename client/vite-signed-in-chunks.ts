/**
 * Fewer chunks for the signed-in screens a notification opens cold (issue 25 item 2).
 *
 * Rolldown's automatic splitting gives every set of lazy imports sharing a module its own chunk: a cold
 * /chat/{id} fetched 60 files, ~25 of them 0.2–9 KB of the chat's own code. On HTTP/1.1's six connections
 * with a 150 ms round trip that queue cost ~0.2 s on a slow phone (bench:web, alternating builds). These
 * `codeSplitting.groups` put the modules only signed-in code uses into one chunk per group, the set of
 * modules read from the module graph once it is complete (buildEnd):
 *
 * - `signed-in`: what every signed-in page loads around its screen (the top bar's signed-in links, the
 *   sign-in guard, the connection and the alerts);
 * - `chat`: the chat screen and the thread;
 * - `dashboard`: the store's dashboard frame, every dashboard screen runs in it;
 * - `inbox`: the store's inbox, the screen the dashboard opens on.
 *
 * A group takes the static imports of its roots that the public pages (PUBLIC_ROOTS) and the groups before
 * it did not take, so the public pages' chunks do not change. `includeDependenciesRecursively` is off, so
 * a group does not swallow React, the framework or a shared public chunk; it is safe because a group keeps
 * a module only when everything importing it, statically or lazily, is grouped or is code the group
 * allows (GROUPS): no public chunk ever imports a group (the sign-in form's lazy api client stays its own
 * chunk), and a cart or an orders screen does not load the chat's group for one module. The roots themselves keep their own small chunks (see `groupModules`).
 *
 * Rolldown 1.2 has written invalid ESM here (a facade exporting a namespace it never declared, which broke
 * the dashboard): `generateBundle` parses every chunk as a module and fails the build if one is invalid.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'acorn';
import type { CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const abs = (source: string) => path.join(ROOT, source);

/** What every page may load, signed in or not: the entry, the app's start, the public screens and layout. */
const PUBLIC_ROOTS = [
  'src/app/main.tsx',
  'src/app/start.tsx',
  'src/components/layout/top-bar.tsx',
  'src/components/layout/footer.tsx',
  'src/components/layout/offline-banner.tsx',
  'src/features/landing/routes/landing.tsx',
  'src/features/stores/routes/stores-list.tsx',
  'src/features/products/routes/store-products.tsx',
  'src/features/products/routes/product.tsx',
  'src/features/posts/routes/blog.tsx',
  'src/features/posts/routes/article.tsx',
  'src/features/search/routes/search.tsx',
  'src/features/auth/routes/login.tsx',
  'src/features/auth/routes/register.tsx',
  'src/features/auth/routes/forget-password.tsx',
  'src/app/routes/not-found.tsx',
];

const underFeatures = (...names: string[]) =>
  new RegExp(`[\\\\/]client[\\\\/]src[\\\\/]features[\\\\/](${names.join('|')})[\\\\/]`);

export interface GroupSpec {
  name: string;
  /** The modules it starts from (paths under client/ or absolute). */
  roots: string[];
  /** Code outside the groups that may import what the group took (it runs beside the group anyway). */
  importers: RegExp;
}

const GROUPS: GroupSpec[] = [
  {
    name: 'signed-in',
    roots: [
      'src/components/layout/signed-in-nav.tsx',
      'src/components/layout/user-gate.tsx',
      'src/app/signed-in-effects.tsx',
    ],
    // every signed-in screen and the live connection
    importers: new RegExp(
      `${underFeatures('chat', 'dashboard', 'orders', 'cart', 'account').source}|[\\\\/]features[\\\\/]stores[\\\\/]routes[\\\\/]start-chat\\.tsx$|[\\\\/]realtime[\\\\/]src[\\\\/]`,
    ),
  },
  {
    name: 'chat',
    roots: ['src/features/chat/routes/chat.tsx', 'src/features/chat/components/chat-thread.tsx'],
    // the chat's own lazy pieces (the composer, the recorder) and the dashboard, whose inbox shows a thread
    importers: underFeatures('chat', 'dashboard'),
  },
  {
    name: 'dashboard',
    roots: ['src/features/dashboard/components/dashboard-entry.tsx'],
    importers: underFeatures('dashboard'),
  },
  { name: 'inbox', roots: ['src/features/dashboard/routes/store-chats.tsx'], importers: underFeatures('dashboard') },
];

/** What the grouping reads of a module. */
export interface ModuleNode {
  importedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

function closure(roots: string[], graph: (id: string) => ModuleNode | null, into = new Set<string>()) {
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (into.has(id)) continue;
    const module = graph(id);
    if (!module) throw new Error(`signed-in chunks: ${id} is not in the build`);
    into.add(id);
    stack.push(...module.importedIds);
  }
  return into;
}

/**
 * Module id → group name. Each group takes its roots' static closure minus what the public roots and the
 * groups before it reach; it then keeps a module only while every module importing it (statically or
 * lazily) is allowed (below). Dropping one can free its own imports, hence the loop. The roots keep their
 * own chunks: React.lazy imports them, and rolldown wrote an invalid facade for a lazily imported module
 * inside a group when another module had to go with it.
 */
export function groupModules(
  graph: (id: string) => ModuleNode | null,
  publicRoots: string[],
  groups: GroupSpec[],
): Map<string, string> {
  const groupOf = new Map<string, string>();
  const taken = closure(publicRoots, graph);
  const roots = new Set(groups.flatMap((g) => g.roots));
  for (const group of groups) {
    for (const id of closure(group.roots, graph)) {
      if (taken.has(id)) continue;
      taken.add(id);
      if (!roots.has(id)) groupOf.set(id, group.name);
    }
  }
  // A grouped module may be imported by its own group or a later one (whose pages load the earlier groups'
  // code anyway: the chat's pages load `signed-in`), by those groups' roots, or by code its group allows —
  // not by an earlier group: the chat's lazy safety menu must not load the inbox's group.
  const rank = new Map(groups.map((g, i) => [g.name, i]));
  const rootRank = new Map(groups.flatMap((g, i) => g.roots.map((r) => [r, i] as const)));
  const rankOf = (id: string) => rank.get(groupOf.get(id) ?? '') ?? rootRank.get(id) ?? -1;
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, name] of [...groupOf]) {
      const module = graph(id);
      const importers = [...(module?.importers ?? []), ...(module?.dynamicImporters ?? [])];
      const own = rank.get(name) ?? 0;
      const allowed = (by: string) => rankOf(by) >= own || (groups[own]?.importers.test(by) ?? false);
      if (importers.every(allowed)) continue;
      groupOf.delete(id);
      changed = true;
    }
  }
  return groupOf;
}

/** Throws when `code` is not a valid ES module (e.g. it exports a name it never declares). */
export function assertValidModule(code: string, fileName: string): void {
  try {
    parse(code, { sourceType: 'module', ecmaVersion: 'latest' });
  } catch (err) {
    throw new Error(`${fileName} is not a valid ES module (${(err as Error).message}): the bundler wrote it wrong`);
  }
}

/** The plugin that reads the module graph and checks the output, and the groups for `codeSplitting.groups`. */
export function signedInChunks(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  let groupOf = new Map<string, string>();
  const specs = GROUPS.map((g) => ({ ...g, roots: g.roots.map(abs) }));
  const plugin: Plugin = {
    name: 'agrivet-signed-in-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildEnd(error) {
      if (error) return;
      groupOf = groupModules((id) => this.getModuleInfo(id), PUBLIC_ROOTS.map(abs), specs);
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk') assertValidModule(chunk.code, chunk.fileName);
    },
  };
  const groups = GROUPS.map(({ name }) => ({
    name,
    test: (id: string) => groupOf.get(id) === name,
    includeDependenciesRecursively: false,
  }));
  return { plugin, groups };
}
