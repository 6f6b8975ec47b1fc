/**
 * Shrinks a photo in the browser before it is sent (weak rural connections): longest side ≤ 1600 px,
 * re-encoded as WebP (JPEG where the browser cannot encode WebP). Reports progress 0..1.
 * A file it cannot read (a text file named .jpg …) or encode is refused with an ImageError whose
 * message is in the UI language — never the browser's own English ("The source image could not be
 * decoded.").
 */
import { LIMITS, validationMessages } from '@agrivet/shared';
import { useEffect, useState } from 'react';
import { currentLang } from '@/i18n';
import { UserFacingError } from '@/lib/api-error';

export type ImageErrorReason = 'unreadable' | 'not_processed';

export class ImageError extends UserFacingError {
  readonly reason: ImageErrorReason;

  constructor(reason: ImageErrorReason) {
    const messages = validationMessages[currentLang()];
    super(reason === 'unreadable' ? messages.imageUnreadable : messages.imageNotProcessed);
    this.name = 'ImageError';
    this.reason = reason;
  }
}

export interface CompressedImage {
  bytes: ArrayBuffer;
  type: 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
}

export function fitWithin(width: number, height: number, maxSide: number = LIMITS.imageMaxSide) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export async function compressImage(file: File, onProgress?: (fraction: number) => void): Promise<CompressedImage> {
  if (!file.type.startsWith('image/')) throw new ImageError('unreadable');
  onProgress?.(0.1);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageError('unreadable');
  }
  onProgress?.(0.4);
  const size = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    bitmap.close();
    throw new ImageError('not_processed');
  }
  ctx.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  onProgress?.(0.6);
  let blob = await toBlob(canvas, 'image/webp', 0.8);
  let type: CompressedImage['type'] = 'image/webp';
  if (blob?.type !== 'image/webp') {
    blob = await toBlob(canvas, 'image/jpeg', 0.82);
    type = 'image/jpeg';
  }
  if (!blob) throw new ImageError('not_processed');
  const bytes = await blob.arrayBuffer();
  onProgress?.(1);
  return { bytes, type, ...size };
}

/** A URL showing `image` (a picked and compressed picture) while it is on screen; null without one. */
export function usePreviewUrl(image: CompressedImage | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(new Blob([image.bytes], { type: image.type }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [image]);
  return url;
}
