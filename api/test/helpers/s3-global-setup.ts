/** vitest globalSetup of the `api-s3` project: one s3rver for the whole run (helpers/s3-server.ts). */
import type { TestProject } from 'vitest/node';
import { startS3Server } from './s3-server';

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startS3Server();
  project.provide('s3Endpoint', server.endpoint);
  return server.stop;
}
