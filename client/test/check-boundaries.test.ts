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

/** A throwaway src tree: path → file text. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  dirs.push(root);
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
    "import { a } from '../features/chat/routes/chat';\nconst b = () => import('@/features/dashboard/routes');\n",
  'features/chat/routes/chat.tsx':
    "import { x } from '../components/thread';\nimport { y } from '../../../lib/api-client';\nimport { z } from '@/stores/session';\nimport { Button } from '@chakra-ui/react/button';\n",
  'features/chat/components/thread.tsx': "export const x = 1;\nimport { c } from '@/components/ui/page';\n",
  'components/ui/page.tsx': "import { useSession } from '../../stores/session';\n",
  'stores/session.ts':
    "import { setTokenGetter } from '@/lib/api-auth';\nimport { readToken } from '../lib/token-storage';\n",
  'lib/api-client.ts': "import { reportUnauthorized } from './api-auth';\nimport { i18n } from '../i18n';\n",
  'lib/query-client.ts': "import { useSession } from '../stores/session';\n",
  // Tests may drive shared code through a feature.
  'lib/__tests__/early.test.ts': "import { get } from '../../features/stores/api/get';\n",
  'features/chat/__tests__/thread.test.tsx': "import { fakeApi } from '../../dashboard/__tests__/fake-api';\n",
  // Only real imports count: a dynamic import named in a comment does not.
  'config/env.ts':
    "/**\n * Loaded with import('../features/auth/routes/login') by the router.\n */\n// import('../stores/session')\n",
};

describe('check-boundaries', () => {
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
      'components/layout/top-bar.tsx': "import { x } from '../../features/auth/lib/x';\n",
      'stores/chat.ts': "const m = () => import('@/features/chat/lib/m');\n",
      'lib/images.ts': "import { routes } from '../app/router';\n",
      'lib/api-client.ts': "import { useSession } from '../stores/session';\n",
      'lib/token-storage.ts': "import { useSession } from '@/stores/session';\n",
      'config/paths.ts': "import { Page } from '../components/ui/page';\n",
      'features/cart/routes/cart.tsx': "import { routes } from '../../../app/router';\n",
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
    const bad = tree({ 'features/dashboard/routes/view.tsx': "import { x } from '../../chat/components/x';\n" });
    const failed = spawnSync(process.execPath, [script, bad], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("features/dashboard/routes/view.tsx:1 imports '../../chat/components/x'");
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
