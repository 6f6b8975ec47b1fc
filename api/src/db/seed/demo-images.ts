/** Demo pictures generated at seed time: a coloured gradient with a short Arabic label, via sharp. */
import sharp from 'sharp';
import type { ImageFolder, ImageStore } from '../../images/image-store';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function demoImage(
  images: ImageStore,
  folder: ImageFolder,
  label: string,
  colors: [string, string],
): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
  </linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  <circle cx="650" cy="120" r="70" fill="#ffffff" fill-opacity="0.25"/>
  <text x="400" y="330" font-family="DejaVu Sans, sans-serif" font-size="64" fill="#ffffff"
    text-anchor="middle" direction="rtl">${escapeXml(label)}</text>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return images.save(png, folder);
}
