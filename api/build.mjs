// Bundles the API for Node 20 (ESM): @agrivet/* workspace packages are bundled in, every npm
// dependency stays external (installed in node_modules).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkgOf = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const deps = new Set([
  ...Object.keys(pkgOf(here).dependencies ?? {}),
  ...Object.keys(pkgOf(path.join(here, '..', 'shared')).dependencies ?? {}),
]);
const external = [...deps].filter((d) => !d.startsWith('@agrivet/'));

await build({
  entryPoints: { main: path.join(here, 'src/main.ts'), index: path.join(here, 'src/index.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('api built into api/dist');
