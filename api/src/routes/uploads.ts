/**
 * POST upload (signed in, multipart field `file`; CONTRACT.md §7): an image (JPEG, PNG, WebP, GIF,
 * AVIF/HEIF where sharp decodes it, TIFF) or a voice note (WebM/Ogg/MP4 with Opus, AAC or Vorbis,
 * ≤ 5 minutes), ≤ 5 MB. The kind is decided by the file's bytes; images are re-encoded (WebP,
 * metadata gone, thumbnail), voice notes transcoded to MP3 without metadata (media/). Answers
 * `{upload_id, kind, path, thumb?, width?, height?, duration_ms?}` with signed paths; message/create
 * `{upload_id}` attaches it once, within 24 hours.
 * Refusals: no file or an unexpected field → 422 on `file`; over 5 MB → 413 `too_large`; not an
 * image or a voice recording → 422 'notMedia'; a recording over 5 minutes → 422 'voiceTooLong'; the
 * account's daily quota spent (500 files or 500 MB received, http/rate-limit.ts) → 429 'uploadQuota';
 * its voice notes already queued for transcoding (media/fair-queue.ts) → 429 'mediaBusy'.
 */
import { LIMITS, type Upload, validationMessages } from '@agrivet/shared';
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import type { AppContext } from '../context';
import { currentUser, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { invalid, malformedBody, tooLarge } from '../http/errors';
import { insertUpload } from '../services/uploads';

const parser = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12 },
}).single('file');

/** The multipart body with its one file in `req.file`; 413 over the limit, 422 on anything unexpected. */
const acceptFile: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  parser(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(tooLarge('fileTooLarge'));
      if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
        return next(invalid({ [err.field || 'file']: validationMessages.ar.invalidChoice }));
      }
      return next(tooLarge('fileTooLarge'));
    }
    return next(malformedBody());
  });
};

export function uploadRoutes({ db, media, limits }: AppContext): Router {
  const router = Router();
  router.post('/', requireAuth, acceptFile, async (req, res) => {
    const caller = currentUser(req);
    const file = req.file;
    if (!file || file.size === 0) throw invalid({ file: validationMessages.ar.required });
    await limits.consume('uploadDay', String(caller.id), 1, 'uploadQuota');
    await limits.consume('uploadBytesDay', String(caller.id), file.size, 'uploadQuota');
    const stored = await media.store(file.buffer, caller.id);
    let uploadId: number;
    try {
      uploadId = (await insertUpload(db, caller.id, stored)).id;
    } catch (err) {
      await media.remove(stored);
      throw err;
    }
    const data: Upload = { upload_id: uploadId, ...media.present(stored) };
    sendOk(res, data);
  });
  return router;
}
