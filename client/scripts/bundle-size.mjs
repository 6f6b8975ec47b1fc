// Gzipped JS of the client build: all JS, and the JS a route needs (the static import closures of the
// entry, of the app it starts (src/app/start.tsx) and of the route chunk), read from Vite's manifest
// (client/dist/.vite/manifest.json).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const APP_START = 'src/app/start.tsx';

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
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  // The entry (src/app/main.tsx) imports the app (src/app/start.tsx) once the page has painted: both are
  // the first load.
  const firstLoad = (seen = new Set()) => {
    closure(entryKey, seen);
    if (manifest[APP_START]) closure(APP_START, seen);
    return seen;
  };
  const sizeOf = (keys) => {
    const files = new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
    return [...files].reduce((sum, f) => sum + gz(join(distDir, f)), 0);
  };
  const routes = {};
  for (const [name, src] of Object.entries(routeSources)) {
    const keys = firstLoad();
    closure(src, keys);
    if (!manifest[src]) throw new Error(`no chunk for ${src} in the manifest`);
    routes[name] = sizeOf(keys);
  }
  const assets = join(distDir, 'assets');
  const allJs = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gz(join(assets, f)), 0);
  return { routes, allJs, entry: sizeOf(firstLoad()) };
}
