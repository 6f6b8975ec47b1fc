// One-off: draws the logo and the PWA icons into public/ with sharp (run: node client/scripts/make-icons.mjs).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const pub = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
mkdirSync(join(pub, 'images'), { recursive: true });
mkdirSync(join(pub, 'icons'), { recursive: true });

// A leaf over a paw-like drop on a green disc: agriculture + veterinary.
const mark = (size, padding) => {
  const s = size;
  const c = s / 2;
  const r = c - padding;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <circle cx="${c}" cy="${c}" r="${r}" fill="#2f855a"/>
  <g transform="translate(${c} ${c}) scale(${r / 100})">
    <path d="M-52 38 C-60 -30 -5 -66 58 -58 C62 6 22 58 -44 50 Z" fill="#f0fff4"/>
    <path d="M-44 44 C-18 10 10 -18 46 -46" stroke="#2f855a" stroke-width="7" fill="none" stroke-linecap="round"/>
    <path d="M-14 14 L-16 -16 M8 -8 L26 -4 M-30 30 L-40 4" stroke="#2f855a" stroke-width="5" stroke-linecap="round"/>
    <circle cx="40" cy="40" r="14" fill="#f6e05e"/>
  </g>
</svg>`;
};

const out = async (svg, file, size) => {
  await sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toFile(join(pub, file));
  console.log('wrote', file);
};

await out(mark(512, 8), 'images/logo.png', 256);
await out(mark(512, 8), 'icons/icon-192.png', 192);
await out(mark(512, 8), 'icons/icon-512.png', 512);
// Maskable: full-bleed background, mark inside the safe zone.
await out(
  mark(512, 0)
    .replace('<circle', '<rect width="512" height="512" fill="#2f855a"/><circle')
    .replace('r="256"', 'r="200"'),
  'icons/maskable-512.png',
  512,
);
