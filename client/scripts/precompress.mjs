#!/usr/bin/env node
// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy beside every text file of dist/
// (scripts, styles, the manifest, the service worker …), so `npm start` and nginx (gzip_static) send
// them compressed without compressing on every request. index.html is left alone: the server
// writes settings into it at start (server/src/static-client.ts) and compresses it then.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

export function precompress(dist) {
  let count = 0;
  let raw = 0;
  let br = 0;
  for (const file of files(dist)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
    raw += data.length;
    br += brotli.length;
  }
  return { count, raw, br };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const { count, raw, br } = precompress(dist);
  console.log(`precompressed ${count} files: ${Math.round(raw / 1024)} KB → ${Math.round(br / 1024)} KB brotli`);
}
