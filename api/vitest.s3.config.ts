import { defineConfig } from 'vitest/config';
import { apiTestOptions } from './vitest.config';

/**
 * The API's media tests again with every file in an S3 bucket (CONTRACT.md §9): a real S3-compatible
 * server, s3rver, started once for the run (test/helpers/s3-global-setup.ts), a bucket per test file
 * (TEST_STORAGE=s3, test/helpers/test-api.ts). The files below are every test that writes, reads,
 * serves, sweeps or deletes a stored file: uploads and attachments, signed URLs, the sweep, images of
 * products, stores, articles and profiles, message and account deletion, the demo seed, and the
 * property tests of the media calls.
 */
export const S3_TEST_FILES = [
  'test/uploads.test.ts',
  'test/attachments.test.ts',
  'test/images.test.ts',
  'test/messages.test.ts',
  'test/malformed.media-push.property.test.ts',
  'test/products.test.ts',
  'test/stores.test.ts',
  'test/posts.test.ts',
  'test/users.test.ts',
  'test/oversight.test.ts',
  'test/conversations.test.ts',
  'test/seed.test.ts',
  'test/storage.test.ts',
];

export default defineConfig({
  test: {
    name: 'api-s3',
    include: S3_TEST_FILES,
    isolate: false,
    env: { TEST_STORAGE: 's3' },
    globalSetup: ['test/helpers/s3-global-setup.ts'],
    ...apiTestOptions,
  },
});
