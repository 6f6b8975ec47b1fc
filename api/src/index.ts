/** @agrivet/api: the REST API as a library (server/ and relay tests import it). */
export { type Api, type CreateApiOptions, createApi } from './app';
export { type Config, ConfigError, type DatabaseConfig, findRepoRoot, loadConfig } from './config';
export type { Database } from './db/types';
export { answerClientErrors } from './http/client-errors';
export { HSTS, hstsOverHttps } from './http/hsts';
