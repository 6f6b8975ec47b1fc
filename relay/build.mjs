// Bundles the relay into dist/ (node20 ESM): @agrivet/* workspace packages are bundled in,
// npm dependencies stay external (resolved from node_modules at run time).
import { build } from 'esbuild';

/** Everything imported by a bare name is external, except our own workspace packages. */
const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@agrivet/') ? undefined : { external: true }));
  },
};

await build({
  entryPoints: { index: 'src/index.ts', main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpm],
});
console.log('relay built into relay/dist');
