/** vite-signed-in-chunks.ts: which modules the signed-in groups take, and the check of the bundler's output. */
import { describe, expect, it } from 'vitest';
import { assertValidModule, type GroupSpec, groupModules, type ModuleNode } from '../vite-signed-in-chunks';

/** A module graph from `id: [its static imports]` and `lazy: [importer, imported][]`; importers are derived. */
function graph(edges: Record<string, string[]>, lazy: [string, string][] = []): (id: string) => ModuleNode | null {
  const importers = new Map<string, string[]>();
  for (const [from, tos] of Object.entries(edges))
    for (const to of tos) importers.set(to, [...(importers.get(to) ?? []), from]);
  return (id) =>
    id in edges
      ? {
          importedIds: edges[id],
          importers: importers.get(id) ?? [],
          dynamicImporters: lazy.filter(([, to]) => to === id).map(([from]) => from),
        }
      : null;
}

const GROUPS: GroupSpec[] = [
  { name: 'signed-in', roots: ['/c/nav'], importers: /^\/c\/(screens|cart)\// },
  { name: 'chat', roots: ['/c/chat'], importers: /^\/c\/screens\/chat/ },
];

describe('groupModules', () => {
  const edges = {
    '/c/main': ['/c/react', '/c/public-list'],
    '/c/react': [],
    '/c/public-list': ['/c/react', '/c/format'],
    '/c/format': [],
    // signed-in: its own modules, a public one and React
    '/c/nav': ['/c/react', '/c/conversations', '/c/format'],
    '/c/conversations': ['/c/api-client'],
    '/c/api-client': [],
    // the chat: the thread, a module the orders screen also imports, one the signed-in group took
    '/c/chat': ['/c/react', '/c/thread', '/c/confirm', '/c/conversations'],
    '/c/thread': ['/c/bubble'],
    '/c/bubble': [],
    '/c/confirm': ['/c/dialog'],
    '/c/dialog': [],
    '/c/orders': ['/c/confirm'],
    '/c/cart/route': ['/c/conversations'],
  };
  const groups = groupModules(graph(edges), ['/c/main'], GROUPS);

  it('takes what only signed-in code imports, never what the public pages reach', () => {
    expect(groups.get('/c/conversations')).toBe('signed-in');
    expect(groups.get('/c/api-client')).toBe('signed-in');
    expect(groups.get('/c/thread')).toBe('chat');
    expect(groups.get('/c/bubble')).toBe('chat');
    for (const id of ['/c/react', '/c/public-list', '/c/format']) expect(groups.has(id)).toBe(false);
  });

  it('leaves the roots their own chunks (React.lazy imports them)', () => {
    expect(groups.has('/c/nav')).toBe(false);
    expect(groups.has('/c/chat')).toBe(false);
  });

  it('a group does not take what the groups before it took', () => {
    // the chat imports conversations too: it stays in signed-in, the chat group imports it from there
    expect(groups.get('/c/conversations')).toBe('signed-in');
  });

  it('drops a module imported from outside what the group allows, and what only it held', () => {
    // the orders screen imports confirm: the chat's group would load on the orders screen for it
    expect(groups.has('/c/confirm')).toBe(false);
    // dialog's only importer (confirm) is no longer grouped: it goes too
    expect(groups.has('/c/dialog')).toBe(false);
    // the cart may import the signed-in group (allowed), so conversations stays
    expect(groups.get('/c/conversations')).toBe('signed-in');
  });

  it('drops a module public code imports lazily (the sign-in form’s api client), keeps one the screens do', () => {
    const lazy = groupModules(
      graph(edges, [
        ['/c/public-list', '/c/api-client'],
        ['/c/screens/chat-composer', '/c/bubble'],
      ]),
      ['/c/main'],
      GROUPS,
    );
    expect(lazy.has('/c/api-client')).toBe(false);
    expect(lazy.get('/c/conversations')).toBe('signed-in');
    expect(lazy.get('/c/bubble')).toBe('chat');
  });

  it('drops a module an earlier group imports (the chat would load the inbox for its safety menu)', () => {
    const later: GroupSpec[] = [
      ...GROUPS,
      { name: 'inbox', roots: ['/c/inbox'], importers: /^\/c\/screens\/dashboard/ },
    ];
    const withInbox = groupModules(
      graph({ ...edges, '/c/inbox': ['/c/safety-menu', '/c/bubble'], '/c/safety-menu': [] }, [
        ['/c/thread', '/c/safety-menu'],
      ]),
      ['/c/main'],
      later,
    );
    // the inbox's root imports it statically, the chat's thread lazily: the chat group must not import the inbox's
    expect(withInbox.has('/c/safety-menu')).toBe(false);
    // the inbox imports the chat's bubble: a later group importing an earlier one is fine
    expect(withInbox.get('/c/bubble')).toBe('chat');
  });

  it('says which root is missing from the build', () => {
    expect(() => groupModules(graph(edges), ['/c/main'], [{ ...GROUPS[0], roots: ['/c/gone'] }])).toThrow(/\/c\/gone/);
  });
});

describe('assertValidModule', () => {
  it('accepts a chunk as rolldown writes it', () => {
    expect(() =>
      assertValidModule('import{a as e}from"./x.js";var t={};export{e as a,t as b};', 'assets/ok.js'),
    ).not.toThrow();
  });

  it('rejects a facade exporting a namespace it never declares (rolldown 1.2, the dashboard entry)', () => {
    expect(() =>
      assertValidModule(
        'import{i as e}from"./inbox.js";var a=1;export{e as DashboardShell,a as n,dashboard_entry_exports as t};',
        'assets/dashboard-entry.js',
      ),
    ).toThrow(/dashboard-entry\.js is not a valid ES module \(Export 'dashboard_entry_exports' is not defined/);
  });
});
