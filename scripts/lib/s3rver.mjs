// A throwaway S3-compatible server for the scaled deployment run locally (STACK.md: Docker, and so
// MinIO, cannot run here; Debian has no MinIO): s3rver from the npm registry (a devDependency of the
// api workspace), a process of its own on a free port, objects in a temporary folder, one bucket.
//   const s3 = await startS3rver();  s3.env → the API's S3_* settings;  s3.client() → an S3Client;  await s3.stop();
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './nginx.mjs';
import { freePort } from './ports.mjs';
import { createService } from './service-process.mjs';

const require = createRequire(path.join(REPO_ROOT, 'api', 'package.json'));

/** s3rver accepts any key pair; these are its conventional names. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3rver({ bucket = 'agrivet-media' } = {}) {
  const bin = path.join(
    path.dirname(require.resolve('s3rver/package.json')),
    require('s3rver/package.json').bin.s3rver,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'agrivet-s3rver-'));
  const port = await freePort();
  const service = createService({
    name: 's3rver',
    args: [bin, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', bucket],
    port,
    cwd: REPO_ROOT,
    env: {},
  });
  try {
    await service.start(20000);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    dir,
    pid: () => service.pid,
    /** The settings of every API instance on this bucket (api/src/config.ts). */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** An S3 client on the bucket, to look at what the APIs stored. */
    client: async () => {
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      const { S3Client } = await import('@aws-sdk/client-s3');
      return new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: KEYS });
    },
    output: service.output,
    stop: async () => {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
