// Gzipped JS of the client build: all JS, and the JS a route needs before it runs (the static import
// closures of index.html's entry and of the route's screen module), read from Vite's manifest
// (client/dist/.vite/manifest.json).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

export function measureBundle(distDir, routeSources) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const closure = (key, seen = new Set()) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return seen;
    seen.add(key);
    for (const dep of entry.imports ?? []) closure(dep, seen);
    return seen;
  };
  const sizeOf = (keys) => {
    const files = new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
    return [...files].reduce((sum, f) => sum + gz(join(distDir, f)), 0);
  };
  const routes = {};
  for (const [name, src] of Object.entries(routeSources)) {
    if (!manifest[src]) throw new Error(`no chunk for ${src} in the manifest`);
    routes[name] = sizeOf(closure(src, closure('index.html')));
  }
  const assets = join(distDir, 'assets');
  const allJs = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gz(join(assets, f)), 0);
  return { routes, allJs, entry: sizeOf(closure('index.html')) };
}
