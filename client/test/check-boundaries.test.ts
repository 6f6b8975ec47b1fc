/** client/scripts/check-boundaries.mjs, run by `npm run lint`: it must fail on a broken boundary. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findViolations, importsOf } from '../scripts/check-boundaries.mjs';

const script = path.resolve(__dirname, '../scripts/check-boundaries.mjs');
const realSrc = path.resolve(__dirname, '../src');
let dirs: string[] = [];

/** A throwaway client tree: path relative to its src/ (`../test/x.ts` for client/test) → file text. Returns src/. */
function tree(files: Record<string, string>): string {
  const client = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  dirs.push(client);
  const root = path.join(client, 'src');
  mkdirSync(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

const allowed = {
  'app/router.tsx':
    "import { a } from '@/features/chat/routes/chat';\nconst b = () => import('@/features/dashboard/routes');\n",
  'features/chat/routes/chat.tsx':
    "import { x } from './thread-view';\nimport { y } from '@/lib/api-client';\nimport { z } from '@agrivet/client/src/stores/session';\nimport { Button } from '@chakra-ui/react/button';\n",
  'features/chat/routes/thread-view.tsx': "export const x = 1;\nimport { c } from '@/components/ui/page';\n",
  'components/ui/page.tsx': "import { useSession } from '@/stores/session';\n",
  'stores/session.ts':
    "import { setTokenGetter } from '@/lib/api-client';\nimport { readToken } from '@/lib/token-storage';\n",
  'lib/api-client.ts': "import { reportUnauthorized } from './api-auth';\nimport { i18n } from '@/i18n';\n",
  'lib/query-client.ts': "import { useSession } from '@/stores/session';\n",
  'api/stores.ts': "import { apiGet } from '@/lib/api-client';\nimport { storeKeys } from './keys';\n",
  // Tests may drive shared code through a feature, and use the shared helpers of client/test.
  'lib/__tests__/early.test.ts':
    "import { get } from '@/features/stores/routes/list';\nimport { render } from '@test/render';\n",
  'features/chat/__tests__/thread.test.tsx':
    "import { fakeApi } from '@test/fake-api';\nimport { x } from './helpers';\n",
  '../test/render.tsx': "import { createQueryClient } from '@/lib/query-client';\nimport { u } from './factories';\n",
  // Only real imports count: a dynamic import named in a comment does not.
  'config/env.ts':
    "/**\n * Loaded with import('../features/auth/routes/login') by the router.\n */\n// import('../stores/session')\n",
};

describe('check-boundaries', () => {
  it("refuses '../' that leaves the file's folder, anywhere in src/ and client/test", () => {
    const root = tree({
      'features/cart/routes/cart.tsx': "import { y } from '../../../lib/api-client';\n",
      'features/cart/components/line.tsx': "import { z } from '../lib/price';\n",
      'lib/x.ts': "export { a } from '../config/paths';\n",
      'features/cart/__tests__/cart.test.tsx': "import { render } from '../../../../test/render';\n",
      '../test/render.tsx': "import { q } from '../src/lib/query-client';\n",
    });
    const found = findViolations(root).map((v) => `${v.file}:${v.line} ${v.reason}`);
    expect(found.sort()).toEqual(
      [
        "../test/render.tsx:1 a '../' import leaves its folder: write it from the root, '@/…' (src) or '@test/…' (client/test)",
        "features/cart/__tests__/cart.test.tsx:1 a '../' import leaves its folder: write it from the root, '@/…' (src) or '@test/…' (client/test)",
        "features/cart/components/line.tsx:1 a '../' import leaves its folder: write it from the root, '@/…' (src) or '@test/…' (client/test)",
        "features/cart/routes/cart.tsx:1 a '../' import leaves its folder: write it from the root, '@/…' (src) or '@test/…' (client/test)",
        "lib/x.ts:1 a '../' import leaves its folder: write it from the root, '@/…' (src) or '@test/…' (client/test)",
      ].sort(),
    );
  });

  it('covers the files at the root of src/, bare @agrivet/client specifiers and tests', () => {
    const root = tree({
      'main.tsx': "import { x } from '@/features/landing/routes/landing';\n",
      'features/orders/routes/mine.tsx': "import { c } from '@agrivet/client/src/features/cart/lib/price';\n",
      'features/chat/__tests__/thread.test.tsx': "import { fakeApi } from '@/features/dashboard/__tests__/fake-api';\n",
      '../test/render.tsx': "import { Layout } from '@/features/dashboard/components/layout';\n",
    });
    const byFile = Object.fromEntries(findViolations(root).map((v) => [v.file, v.reason]));
    expect(byFile).toEqual({
      'main.tsx': 'shared code (./) imports a feature',
      'features/orders/routes/mine.tsx':
        'a feature imports another feature (compose them in app/, or move shared UI to components/)',
      'features/chat/__tests__/thread.test.tsx':
        "a test imports features/dashboard's test helpers (shared test helpers live in client/test, @test/…)",
      '../test/render.tsx': 'client/test imports a feature',
    });
  });

  it('the real client passes: `npm run lint` would fail on any of the above', () => {
    expect(findViolations(realSrc)).toEqual([]);
  });

  it('accepts the allowed directions (app → features, features → shared, own feature, tests)', () => {
    expect(findViolations(tree(allowed))).toEqual([]);
  });

  it('reports a feature importing another feature, relative or through @/, static, dynamic or re-exported', () => {
    const root = tree({
      'features/dashboard/routes/view.tsx': "import { ChatThread } from '../../chat/components/chat-thread';\n",
      'features/dashboard/routes.tsx': "export * from '@/features/chat/routes/chat';\n",
      'features/dashboard/lib/x.ts':
        "import type {\n  A,\n  B,\n} from '../../orders/lib/types';\nconst later = () => import('../../cart/routes/cart');\n",
    });
    const found = findViolations(root).map((v) => `${v.file}:${v.line} ${v.specifier}`);
    expect(found.sort()).toEqual(
      [
        'features/dashboard/lib/x.ts:4 ../../orders/lib/types',
        'features/dashboard/lib/x.ts:5 ../../cart/routes/cart',
        'features/dashboard/routes.tsx:1 @/features/chat/routes/chat',
        'features/dashboard/routes/view.tsx:1 ../../chat/components/chat-thread',
      ].sort(),
    );
  });

  it('reports shared code importing a feature or app/, and the request path or config importing a store', () => {
    const root = tree({
      'components/layout/top-bar.tsx': "import { x } from '@/features/auth/lib/x';\n",
      'stores/chat.ts': "const m = () => import('@/features/chat/lib/m');\n",
      'lib/images.ts': "import { routes } from '@/app/router';\n",
      'lib/api-client.ts': "import { useSession } from '@/stores/session';\n",
      'lib/token-storage.ts': "import { useSession } from '@/stores/session';\n",
      'config/paths.ts': "import { Page } from '@/components/ui/page';\n",
      'features/cart/routes/cart.tsx': "import { routes } from '@/app/router';\n",
    });
    const byFile = Object.fromEntries(findViolations(root).map((v) => [v.file, v.reason]));
    expect(Object.keys(byFile).sort()).toEqual(
      [
        'components/layout/top-bar.tsx',
        'config/paths.ts',
        'features/cart/routes/cart.tsx',
        'lib/api-client.ts',
        'lib/images.ts',
        'lib/token-storage.ts',
        'stores/chat.ts',
      ].sort(),
    );
    expect(byFile['lib/api-client.ts']).toMatch(/imports a store/);
    expect(byFile['stores/chat.ts']).toMatch(/imports a feature/);
  });

  it('as `npm run lint` runs it: exit code 1 with one line per violation, 0 on a clean tree', () => {
    const bad = tree({ 'features/dashboard/routes/view.tsx': "import { x } from '@/features/chat/components/x';\n" });
    const failed = spawnSync(process.execPath, [script, bad], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(
      "features/dashboard/routes/view.tsx:1 imports '@/features/chat/components/x': a feature imports another feature",
    );
    const ok = spawnSync(process.execPath, [script, tree(allowed)], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
  });

  it('the api client imports no store (the session registers its callbacks instead)', () => {
    const file = path.join(realSrc, 'lib/api-client.ts');
    const targets = importsOf(readFileSync(file, 'utf8')).map((i) => i.specifier);
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((s) => /(^|\/)stores(\/|$)/.test(s))).toEqual([]);
    expect(findViolations(realSrc).filter((v) => v.file.startsWith('lib/api-'))).toEqual([]);
  });
});
