/** Image URLs: stored paths → /storage/…, thumbnails for cards, the logo as fallback. */
import { storageUrl, thumbPath } from '@agrivet/shared';

export const LOGO_URL = '/images/logo.png';

export function imageUrl(path: string | null | undefined, thumb = false): string {
  if (!path) return LOGO_URL;
  return storageUrl(thumb ? thumbPath(path) : path) ?? LOGO_URL;
}

/** <img onError> handler: swap a broken image for the logo once. */
export function fallbackToLogo(event: { currentTarget: HTMLImageElement }): void {
  const img = event.currentTarget;
  if (!img.src.endsWith(LOGO_URL)) img.src = LOGO_URL;
}
