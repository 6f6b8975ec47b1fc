// Bundles the relay into dist/ (node20 ESM): @agrivet/* workspace packages are bundled in,
// npm dependencies stay external (resolved from node_modules at run time).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Everything imported by a bare name is external, except our own workspace packages. */
const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@agrivet/') ? undefined : { external: true }));
  },
};

await build({
  entryPoints: { index: path.join(here, 'src/index.ts'), main: path.join(here, 'src/main.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpm],
});
console.log('relay built into relay/dist');
