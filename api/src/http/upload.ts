/**
 * Multipart bodies with an optional image (field `image`): multer keeps the file in memory
 * (5 MB cap → 413), then `storeUploadedImage` runs it through the image pipeline (not an image → 422).
 *   router.post('/create', requireAuth, acceptImage, handler)
 *   const image = await storeUploadedImage(req, images, 'products'); // null when no file was sent
 * Validate the fields BEFORE storing the image, and remove the new image if the write fails.
 */
import { LIMITS, validationMessages } from '@agrivet/shared';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { type ImageFolder, type ImageStore, NotAnImageError } from '../images/image-store';
import { bodyTooLarge, invalid, invalidField, malformedBody, tooLarge } from './errors';

/**
 * Size limits of bodies (docs/api.md "Size limits"; api/test/body-limits.test.ts). Over them: 413 `too_large`.
 *   JSON and url-encoded bodies      256 kB in all (app.ts)
 *   form fields, calls with an image 80,000 bytes each: the longest text any field takes (an article,
 *                                    LIMITS.articleMax characters) at 4 bytes a character in UTF-8
 *   form fields, calls without one   4 kB (4,096 bytes) each: their longest text is the 2,048-character
 *                                    push endpoint
 * Within these a text field is judged by its own length in characters (422, the shared schemas).
 */
export const BODY_MAX_BYTES = 256 * 1024;
export const IMAGE_FORM_FIELD_MAX_BYTES = 4 * LIMITS.articleMax;
export const FORM_FIELD_MAX_BYTES = 4 * 1024;

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 50, fieldSize: IMAGE_FORM_FIELD_MAX_BYTES, parts: 60 },
}).single('image');

/** Parses multipart/form-data (JSON bodies pass through untouched). */
export const acceptImage: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  parser(req, res, (err: unknown) => {
    if (!err) {
      // multer gives a prototype-less object; make it a plain one for validation.
      req.body = { ...(req.body ?? {}) };
      return next();
    }
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(tooLarge('fileTooLarge'));
      if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
        return next(invalidField(err.field ?? 'image', 'notAnImage'));
      }
      return next(bodyTooLarge());
    }
    // busboy: malformed multipart body (422)
    return next(malformedBody());
  });
};

const fieldsOnly = multer({
  storage: multer.memoryStorage(),
  // up to 100 order items (2 fields each); short values only: at most about 1 MB in memory
  limits: { fields: 250, fieldSize: FORM_FIELD_MAX_BYTES, parts: 250 },
}).none();

/**
 * Parses a multipart/form-data body without files, for writes that take no image (login, register,
 * conversation, order…): CONTRACT.md §3 accepts JSON or form data on every write. A file part is
 * 422 on its field; JSON and url-encoded bodies pass through untouched.
 */
export const acceptFormFields: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  fieldsOnly(req, res, (err: unknown) => {
    if (!err) {
      req.body = { ...(req.body ?? {}) };
      return next();
    }
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
        return next(invalid({ [err.field ?? 'file']: validationMessages.ar.invalidChoice }));
      }
      return next(bodyTooLarge());
    }
    return next(malformedBody());
  });
};

/** Stores the uploaded image (if any) and returns its path, or null when none was sent. */
export async function storeUploadedImage(
  req: Request,
  images: ImageStore,
  folder: ImageFolder,
): Promise<string | null> {
  const file = req.file;
  if (!file) return null;
  try {
    return await images.save(file.buffer, folder);
  } catch (err) {
    if (err instanceof NotAnImageError) throw invalidField('image', 'notAnImage');
    throw err;
  }
}
