/**
 * A real S3-compatible server for the tests: s3rver (npm, file-backed, in this process) on a free
 * loopback port with a temporary folder. The `api-s3` vitest project (vitest.s3.config.ts) starts one
 * for the run (s3-global-setup.ts) and runs the media tests against it; each test API gets a bucket of
 * its own (test-api.ts). `npm run test:scale` starts its own for the two API processes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config';

export interface S3TestServer {
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver accepts any key pair: these are only its conventional names. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'agrivet-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A new, empty bucket on the server, as the API's S3 settings. */
export async function freshBucket(endpoint: string, name: string): Promise<S3Config> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const config: S3Config = { bucket: name, endpoint, region: 'us-east-1', forcePathStyle: true, ...S3RVER_KEYS };
  const client = new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
  return config;
}
