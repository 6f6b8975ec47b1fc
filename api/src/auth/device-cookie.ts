/**
 * The device cookie of OWASP's "Slow down online guessing attacks with device cookies" (CONTRACT.md
 * §7 "Login"): a successful login gives the browser `agv_device`, signed (cookie-parser, HMAC with a
 * key kept in the database so every API instance shares it), HttpOnly, SameSite=Strict, Secure over
 * HTTPS, for a year, and bound to that account. Failed logins that carry it are limited per device, so
 * failures from elsewhere never lock that browser out (auth/login-limit.ts).
 */
import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { sharedSecret } from '../services/secrets';

export const DEVICE_COOKIE = 'agv_device';
const SECRET_KEY = 'device_cookie_secret';
const MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** Sent back only to the calls that check passwords (login, register, change-password). */
const COOKIE_PATH = '/api/auth';

/** The device (random id) a valid cookie names, and the account it was given to. */
export interface Device {
  userId: number;
  deviceId: string;
}

/** cookie-parser with the shared signing key (read from the database once, on first use). */
export function deviceCookies(db: Kysely<Database>): RequestHandler {
  let parser: Promise<RequestHandler> | undefined;
  return async (req, res, next) => {
    parser ??= sharedSecret(db, SECRET_KEY, () => randomBytes(32).toString('base64url')).then((secret) =>
      cookieParser(secret),
    );
    parser.catch(() => {
      parser = undefined; // the database failed: try again on the next request
    });
    (await parser)(req, res, next);
  };
}

/** The device of a valid (correctly signed, well-formed) cookie, or null. */
export function readDevice(req: Request): Device | null {
  const value: unknown = req.signedCookies?.[DEVICE_COOKIE];
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{22})$/.exec(value);
  if (!match) return null;
  return { userId: Number(match[1]), deviceId: match[2] };
}

/** The device of the request's cookie when it was given to this account, else null. */
export const trustedDevice = (req: Request, userId: number | undefined): string | null => {
  const device = readDevice(req);
  return device && userId !== undefined && device.userId === userId ? device.deviceId : null;
};

/** After a successful login: (re)issues the cookie for this account, keeping the device id it had. */
export function giveDeviceCookie(req: Request, res: Response, userId: number, deviceId: string | null): void {
  res.cookie(DEVICE_COOKIE, `${userId}.${deviceId ?? randomBytes(16).toString('base64url')}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: COOKIE_PATH,
    maxAge: MAX_AGE_MS,
  });
}
