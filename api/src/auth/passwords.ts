/** Password hashing with scrypt (node:crypto): `scrypt$N$r$p$salt$hash`, salts and hashes base64url. */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt's cost N for new hashes: 2^14 unless the configuration says otherwise (`PASSWORD_COST`, which
 * the API tests set lower). The cost is written into each hash, so verifying needs no setting.
 */
export const DEFAULT_PASSWORD_COST = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r: R, p: P }, KEY_LENGTH);
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts;
  const expected = Buffer.from(keyText, 'base64url');
  const key = await derive(password, Buffer.from(saltText, 'base64url'), { N: +n, r: +r, p: +p }, expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the phone is unknown, so both paths take the same time (one per cost). */
const dummyHashes = new Map<number, Promise<string>>();
export const dummyPasswordHash = (cost = DEFAULT_PASSWORD_COST): Promise<string> => {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword('not-a-real-password', cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
};
