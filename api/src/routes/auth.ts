/**
 * auth/login, register, logout, change-password, user, forget-password (CONTRACT.md §3, §5, §7).
 * Logins are limited per device cookie, account and address (auth/login-limit.ts); sign-ups per
 * address and password-reset requests per address and phone (http/rate-limit.ts); logout and a
 * password change end the sessions' sockets at once (auth/session-ends.ts).
 */
import {
  apiMessages,
  changePasswordSchema,
  cleanPhone,
  forgetPasswordSchema,
  isStoreAccount,
  loginSchema,
  registerSchema,
  UserStatus,
} from '@agrivet/shared';
import { Router } from 'express';
import { deviceCookies, giveDeviceCookie, trustedDevice } from '../auth/device-cookie';
import { beginLoginAttempt } from '../auth/login-limit';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import { issueToken, revokeToken, revokeUserTokens } from '../auth/tokens';
import { clockNow } from '../config';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../db/time';
import { currentUser, requireAuth } from '../http/auth';
import { acceptFormFields } from '../http/upload';
import { sendOk } from '../http/envelope';
import { badCredentials, blockedError, invalidField, phoneTaken, unauthorized } from '../http/errors';
import { validate } from '../http/validate';
import { presentUser } from '../presenters/user';
import { findUserWithStore } from '../queries/users';
import { userSearchText } from '../search/search-text';
import { trialColumns } from '../services/subscriptions';

const login = loginSchema('ar');
const register = registerSchema('ar');
const changePassword = changePasswordSchema('ar');
const forgetPassword = forgetPasswordSchema('ar');

export function authRoutes(ctx: AppContext): Router {
  const { db, limits } = ctx;
  const router = Router();
  // form-data bodies as well as JSON (CONTRACT.md §3); the signed device cookie
  router.use(acceptFormFields, deviceCookies(db));

  const userPayload = async (id: number) => {
    const row = await findUserWithStore(db, id);
    if (!row) throw unauthorized('invalidToken');
    return presentUser(row, 0, clockNow(ctx.config));
  };

  /**
   * The account a phone names: the one stored under its canonical form (the schemas canonicalise it:
   * `+963944…` is `0944…`) — unless one is stored under the phone exactly as typed, cleaned: an account
   * migration 015 left in its international form because the canonical one was another account's.
   */
  const accountByPhone = async (canonical: string, input: unknown) => {
    const typed = typeof input === 'string' ? cleanPhone(input) : canonical;
    const rows = await db
      .selectFrom('users')
      .select(['id', 'phone', 'password_hash', 'blocked_at'])
      .where('phone', 'in', typed === canonical ? [canonical] : [canonical, typed])
      .execute();
    return rows.find((r) => r.phone === typed) ?? rows[0];
  };

  router.post('/login', async (req, res) => {
    const body = await validate(login, req.body);
    const user = await accountByPhone(body.phone, req.body?.phone);
    const device = trustedDevice(req, user?.id);
    // counted as a failure before the password is checked (parallel guesses all count); 429 when over.
    // Keyed by the canonical phone: `+963944…` and `0944…` are one phone to the limits too
    const attempt = await beginLoginAttempt(limits, { phone: body.phone, ip: req.ip ?? 'unknown', device });
    const valid = await verifyPassword(
      body.password,
      user?.password_hash ?? (await dummyPasswordHash(ctx.config.passwordCost)),
    );
    if (!user || !valid) throw badCredentials();
    await attempt.succeeded();
    // told only to whoever knows the password (user/block, CONTRACT.md §8)
    if (user.blocked_at !== null) throw blockedError();
    giveDeviceCookie(req, res, user.id, device);
    const token = await issueToken(db, user.id);
    sendOk(res, { token, user: await userPayload(user.id) });
  });

  router.post('/register', async (req, res) => {
    const body = await validate(register, req.body);
    // sign-up attempts per client address: every valid one counts, refused (409) or not, and it is
    // counted before the phone is looked up — past the limit a taken phone and a free one both get 429,
    // so the call cannot be used to find out which phone numbers have an account (docs/api.md)
    await limits.consume('register', req.ip ?? 'unknown');
    const taken = await db.selectFrom('users').select('id').where('phone', '=', body.phone).executeTakeFirst();
    if (taken) throw phoneTaken();
    const now = nowIso();
    let id: number;
    try {
      const row = await db
        .insertInto('users')
        .values({
          name: body.name,
          phone: body.phone,
          password_hash: await hashPassword(body.password, ctx.config.passwordCost),
          address: null,
          image: null,
          type: body.type,
          status: isStoreAccount(body.type) ? UserStatus.Trial : UserStatus.Active,
          // a new store account: a 30-day trial (CONTRACT.md §8)
          ...(isStoreAccount(body.type) ? trialColumns(clockNow(ctx.config)) : {}),
          search_text: userSearchText(body),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw phoneTaken();
      throw err;
    }
    giveDeviceCookie(req, res, id, null);
    const token = await issueToken(db, id);
    sendOk(res, { token, user: await userPayload(id) });
  });

  router.post('/logout', requireAuth, async (req, res) => {
    const user = currentUser(req);
    await revokeToken(ctx, { id: req.authTokenId as number, userId: user.id, hash: req.authTokenHash as string });
    sendOk(res, { message: 'تم تسجيل الخروج' });
  });

  router.post('/change-password', requireAuth, async (req, res) => {
    const user = currentUser(req);
    const body = await validate(changePassword, req.body);
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    // guesses of the current password count as failed logins of this account (a stolen token must
    // not allow an unlimited search for the password)
    const device = trustedDevice(req, user.id);
    const attempt = await beginLoginAttempt(limits, { phone: user.phone, ip: req.ip ?? 'unknown', device });
    if (!(await verifyPassword(body.current_password, row.password_hash))) {
      throw invalidField('current_password', 'wrongCurrentPassword');
    }
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(body.password, ctx.config.passwordCost), updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    await attempt.succeeded();
    // every other session of the account ends, its sockets at once; this device stays signed in
    await revokeUserTokens(ctx, user.id, { id: req.authTokenId as number, hash: req.authTokenHash as string });
    sendOk(res, { message: 'تم تغيير كلمة المرور بنجاح' });
  });

  // `expires_at`: when this token stops being accepted unless used again (the relay re-checks a
  // socket's token then, so an expiry ends its sockets at once)
  router.get('/user', requireAuth, async (req, res) => {
    const expiresAt = new Date(req.authExpiresAt as number).toISOString();
    sendOk(res, { user: await userPayload(currentUser(req).id), expires_at: expiresAt });
  });

  router.post('/forget-password', async (req, res) => {
    const body = await validate(forgetPassword, req.body);
    // the admin's request list cannot be flooded: per client address and per phone
    await limits.consume('forgetPasswordAddress', req.ip ?? 'unknown');
    await limits.consume('forgetPasswordPhone', body.phone);
    const open = await db
      .selectFrom('password_reset_requests')
      .select('id')
      .where('phone', '=', body.phone)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    if (!open) {
      const user = await accountByPhone(body.phone, req.body?.phone);
      await db
        .insertInto('password_reset_requests')
        .values({ phone: body.phone, user_id: user?.id ?? null, created_at: nowIso() })
        .execute();
    }
    sendOk(res, { message: apiMessages.ar.resetRequested });
  });

  return router;
}
