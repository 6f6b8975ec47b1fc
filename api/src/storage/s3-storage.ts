/**
 * An S3 bucket (S3_BUCKET) through the AWS SDK: AWS S3 itself, or any S3-compatible server — MinIO in
 * docker-compose.yml, s3rver in the tests — at S3_ENDPOINT with path-style addressing. Objects are named by
 * their storage key (`products/ab.webp` …) and written with their Content-Type.
 *
 * Serving streams the object through the API (docs/decisions.md "Media in a bucket: streamed through the
 * API"): /storage keeps its URLs, its cache rules and its participants-only signatures, and the bucket
 * needs no public address. A conditional request (If-None-Match, If-Modified-Since) and one byte range
 * go to the bucket as they came, and its 206 / 304 / 416 come back as they are.
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  type HeadObjectCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Request, Response } from 'express';
import type { S3Config } from '../config';
import { assertKey, contentTypeOf, type FileStorage, STORAGE_KEY } from './file-storage';

/** Deletes in flight at once (DeleteObject one by one: every S3-compatible server has it). */
const DELETE_CONCURRENCY = 8;

interface S3Failure {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
  $response?: { headers?: Record<string, string | undefined> };
}
const statusOf = (err: unknown) => (err as S3Failure)?.$metadata?.httpStatusCode;
const isMissing = (err: unknown) => {
  const name = (err as S3Failure)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
};

/** One byte range (`bytes=0-99`, `bytes=100-`, `bytes=-500`) as the client sent it; several, or anything else: none. */
const singleRange = (header: string | undefined): string | undefined =>
  header && /^bytes=(\d+-\d*|-\d+)$/.test(header.trim()) ? header.trim() : undefined;

export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly location: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    // The SDK's one-time note that releases after January 2027 need Node 22: this version is pinned
    // exactly for Node 20 (api/package.json, STACK.md), so the note is not for the operator.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.bucket = config.bucket;
    this.location = `s3://${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ` (AWS, ${config.region})`}`;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires one: S3-compatible servers differ on the newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // A bucket that does not answer fails the request within seconds instead of holding it; a
      // stream to a slow phone may pause (backpressure) for up to a minute.
      requestHandler: {
        connectionTimeout: 5000,
        socketTimeout: 60_000,
        httpAgent: { keepAlive: true, maxSockets: 64 },
      },
    });
  }

  async open(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const reason = statusOf(err) === 404 ? 'it does not exist' : `${(err as Error).name}: ${(err as Error).message}`;
      throw new Error(`S3_BUCKET: the bucket ${this.location} cannot be used (${reason})`);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: assertKey(key), Body: data, ContentType: contentTypeOf(key) }),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) assertKey(key);
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++] as string;
        // S3 answers 204 for a key that is not there
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
      }
    };
    await Promise.all(Array.from({ length: Math.min(DELETE_CONCURRENCY, keys.length) }, worker));
  }

  async list(folder: string): Promise<string[]> {
    const prefix = `${folder.replace(/\/+$/, '')}/`;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key && STORAGE_KEY.test(object.Key)) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async send(req: Request, res: Response, key: string, cacheControl: string): Promise<void> {
    const head = req.method === 'HEAD';
    // the client went away: the bucket's request (and its body) is dropped
    const abort = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) abort.abort();
    };
    res.once('close', onClose);
    const conditions = {
      Bucket: this.bucket,
      Key: assertKey(key),
      IfNoneMatch: req.get('if-none-match') || undefined,
      IfModifiedSince: req.get('if-modified-since') ? new Date(req.get('if-modified-since') as string) : undefined,
    };
    if (conditions.IfModifiedSince && Number.isNaN(conditions.IfModifiedSince.getTime()))
      conditions.IfModifiedSince = undefined;
    // Names are never reused for other bytes (a new image is a new name), so If-Range needs no check.
    let range = singleRange(req.get('range'));
    let out: GetObjectCommandOutput | HeadObjectCommandOutput;
    try {
      // the last n bytes (`bytes=-500`): as an absolute range, which every S3-compatible server reads
      // the same way (s3rver reads a suffix range from the start)
      const suffix = !head && range ? /^bytes=-(\d+)$/.exec(range) : null;
      if (suffix) {
        const size = (await this.client.send(new HeadObjectCommand(conditions), { abortSignal: abort.signal }))
          .ContentLength;
        if (size !== undefined) range = `bytes=${Math.max(0, size - Number(suffix[1]))}-`;
      }
      out = head
        ? await this.client.send(new HeadObjectCommand(conditions), { abortSignal: abort.signal })
        : await this.client.send(new GetObjectCommand({ ...conditions, Range: range }), {
            abortSignal: abort.signal,
          });
    } catch (err) {
      res.off('close', onClose);
      if (abort.signal.aborted) return;
      const status = statusOf(err);
      if (status === 304) {
        const etag = (err as S3Failure).$response?.headers?.etag;
        if (etag) res.setHeader('ETag', etag);
        res.setHeader('Cache-Control', cacheControl);
        res.status(304).end();
        return;
      }
      if (status === 416) {
        res.status(416).end();
        return;
      }
      if (isMissing(err)) {
        res.status(404).end();
        return;
      }
      throw err;
    }
    res.setHeader('Content-Type', contentTypeOf(key));
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Accept-Ranges', 'bytes');
    if (out.ETag) res.setHeader('ETag', out.ETag);
    if (out.LastModified) res.setHeader('Last-Modified', out.LastModified.toUTCString());
    if (out.ContentLength !== undefined) res.setHeader('Content-Length', String(out.ContentLength));
    const partial = 'ContentRange' in out && out.ContentRange;
    if (partial) res.setHeader('Content-Range', partial);
    res.status(partial ? 206 : 200);
    const body = 'Body' in out ? out.Body : undefined;
    if (head || !body) {
      res.off('close', onClose);
      res.end();
      return;
    }
    try {
      await pipeline(body as Readable, res);
    } catch {
      // the client went away mid-file, or the bucket's stream broke: the answer is cut either way
    } finally {
      res.off('close', onClose);
    }
  }

  close(): void {
    this.client.destroy();
  }
}
