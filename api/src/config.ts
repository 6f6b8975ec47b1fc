/**
 * The API's configuration, read from the environment and checked once at start.
 * Relative paths are resolved against the repository root (found from this file's location,
 * not process.cwd(), because `npm run -w` changes the working directory).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalPhone, isValidPhone } from '@agrivet/shared';
import { DEFAULT_RATE_LIMITS, type RateLimitRules } from './http/rate-limit';
import type { FairQueueOptions } from './media/fair-queue';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** S3_BUCKET and its settings: every stored file in that bucket instead of STORAGE_DIR (storage/s3-storage.ts). */
export interface S3Config {
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible server (MinIO …); unset: AWS S3 of the region. */
  endpoint?: string;
  /** S3_REGION; default us-east-1 (what MinIO and s3rver accept). */
  region: string;
  /** S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY (both or neither); neither: the SDK's own chain (an IAM role …). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key`; default true with S3_ENDPOINT. */
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  database: DatabaseConfig;
  /** Where uploaded images and voice notes live (without S3_BUCKET); served under /storage. */
  storageDir: string;
  /** S3_BUCKET …: the files in a bucket instead (CONTRACT.md §9); unset or null: the folder. */
  s3?: S3Config | null;
  adminPhone: string;
  adminPassword: string;
  supportPhone: string;
  logLevel: string;
  /** Express `trust proxy` setting (false, true, a hop count or a list of addresses). */
  trustProxy: boolean | number | string;
  /** Load the demo data (CONTRACT.md §2) into a brand-new database. */
  seedDemo: boolean;
  /** PUSH_ALLOW_LOOPBACK: accept push endpoints on http://127.0.0.1 (tests only; default false). */
  pushAllowLoopback?: boolean;
  /** VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (both or neither); unset: a pair generated once and kept in the database. */
  vapidKeys?: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: a mailto: or https: contact the push services may use. */
  vapidSubject?: string;
  /** FFMPEG_PATH: the ffmpeg that decodes voice notes; unset: the registry's static build, else `ffmpeg`. */
  ffmpegPath?: string;
  /**
   * REDIS_URL: rate-limit counters shared by every API instance, and session ends published to every
   * relay (docs/deploy.md). Unset: counters in this process, session ends to this process's relay.
   */
  redisUrl?: string;
  /** Other numbers for the rate limits (http/rate-limit.ts); RATE_LIMITS=off lifts them (benchmarks only). */
  rateLimits?: RateLimitRules;
  /** How voice-note transcoding is shared between accounts (media/fair-queue.ts); tests set smaller numbers. */
  mediaQueue?: Partial<FairQueueOptions>;
  /** PASSWORD_COST: scrypt's N for new password hashes (a power of two, 1024–1048576); unset: 16384. */
  passwordCost?: number;
  /** The clock of subscriptions (ms since epoch); tests set their own. Unset: Date.now. */
  now?: () => number;
}

/** The time by the configuration's clock (subscriptions, reminders). */
export const clockNow = (config: Pick<Config, 'now'>): number => (config.now ? config.now() : Date.now());

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The repository root: the nearest parent folder whose package.json declares workspaces. */
export function findRepoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if (JSON.parse(readFileSync(pkg, 'utf8')).workspaces) return dir;
      } catch {
        // not a readable package.json; keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`PORT must be a port number, got "${value}"`);
  return n;
}

function parseDatabase(value: string | undefined, root: string): DatabaseConfig {
  if (value === undefined || value === '') return { kind: 'sqlite', file: path.join(root, 'data', 'agrivet.db') };
  if (/^postgres(ql)?:\/\//.test(value)) return { kind: 'postgres', url: value };
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') throw new ConfigError('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:/var/lib/agrivet.db');
    if (file === ':memory:') return { kind: 'sqlite', file };
    return { kind: 'sqlite', file: path.resolve(root, file) };
  }
  throw new ConfigError(`DATABASE_URL must start with sqlite: or postgres://, got "${value}"`);
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

function parseBool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

/** A VAPID key as web-push has it: base64url, 65 bytes (public, an uncompressed P-256 point) or 32 (private). */
function parseVapid(env: NodeJS.ProcessEnv): Config['vapidKeys'] {
  const publicKey = env.VAPID_PUBLIC_KEY || '';
  const privateKey = env.VAPID_PRIVATE_KEY || '';
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const bytes = (key: string) => (/^[A-Za-z0-9_-]+$/.test(key) ? Buffer.from(key, 'base64url').length : -1);
  if (bytes(publicKey) !== 65) {
    throw new ConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes)');
  }
  if (bytes(privateKey) !== 32) {
    throw new ConfigError('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)');
  }
  return { publicKey, privateKey };
}

/** RFC 2606's reserved .invalid: set VAPID_SUBJECT to a real contact in production. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:push@agrivet.invalid';

function parseVapidSubject(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_VAPID_SUBJECT;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${value}"`);
  }
  return value;
}

function parseRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^rediss?:\/\/\S+$/.test(value)) throw new ConfigError(`REDIS_URL must be a redis:// URL, got "${value}"`);
  return value;
}

/** RATE_LIMITS=off: every limit of http/rate-limit.ts lifted (load benchmarks of one account); unset: the defaults. */
function parseRateLimits(value: string | undefined): RateLimitRules | undefined {
  if (value === undefined || value === '' || value === 'on') return undefined;
  if (value !== 'off') throw new ConfigError(`RATE_LIMITS must be on or off, got "${value}"`);
  const lifted = { points: 1_000_000_000, duration: 1 };
  return Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, lifted])) as RateLimitRules;
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** S3_BUCKET and the settings beside it; a setting without the bucket is a mistake, not ignored. */
function parseS3(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET || '';
  if (!bucket) {
    const stray = S3_SETTINGS.filter((name) => env[name]);
    if (stray.length) throw new ConfigError(`${stray.join(', ')} set without S3_BUCKET`);
    return null;
  }
  // S3's bucket names: 3–63 lower-case letters, digits, dots and hyphens, a letter or digit at each end
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new ConfigError(`S3_BUCKET must be a bucket name (3–63 of a-z, 0-9, '.', '-'), got "${bucket}"`);
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash) {
      throw new ConfigError(`S3_ENDPOINT must be an http:// or https:// address, got "${endpoint}"`);
    }
  }
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name, got "${region}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket,
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: parseBool('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, endpoint !== undefined),
  };
}

function parsePasswordCost(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1024 || n > 1_048_576 || (n & (n - 1)) !== 0) {
    throw new ConfigError(`PASSWORD_COST must be a power of two from 1024 to 1048576, got "${value}"`);
  }
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = findRepoRoot()): Config {
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  // stored as every phone is (docs/decisions.md "Phone numbers"): ADMIN_PHONE=+963900000000 is 0900000000
  const adminPhone = canonicalPhone(env.ADMIN_PHONE || '0900000000');
  if (!isValidPhone(adminPhone))
    throw new ConfigError(
      `ADMIN_PHONE must be 7 to 15 digits (a Syrian mobile 09… exactly 10), got "${env.ADMIN_PHONE}"`,
    );
  const adminPassword = env.ADMIN_PASSWORD || 'admin1234';
  if (adminPassword.length < 4 || adminPassword.length > 50) {
    throw new ConfigError('ADMIN_PASSWORD must be 4 to 50 characters long');
  }
  const supportPhone = (env.SUPPORT_PHONE || '+963900000000').replace(/[\s-]/g, '');
  if (!/^\+?\d{7,15}$/.test(supportPhone))
    throw new ConfigError(`SUPPORT_PHONE must be 7 to 15 digits with an optional +, got "${env.SUPPORT_PHONE}"`);
  return {
    port: parsePort(env.PORT),
    database: parseDatabase(env.DATABASE_URL, root),
    storageDir: path.resolve(root, env.STORAGE_DIR || path.join('data', 'storage')),
    s3: parseS3(env),
    adminPhone,
    adminPassword,
    supportPhone,
    logLevel,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedDemo: parseBool('SEED_DEMO', env.SEED_DEMO, true),
    pushAllowLoopback: parseBool('PUSH_ALLOW_LOOPBACK', env.PUSH_ALLOW_LOOPBACK, false),
    vapidKeys: parseVapid(env),
    vapidSubject: parseVapidSubject(env.VAPID_SUBJECT),
    ffmpegPath: env.FFMPEG_PATH || undefined,
    redisUrl: parseRedisUrl(env.REDIS_URL),
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    passwordCost: parsePasswordCost(env.PASSWORD_COST),
  };
}
