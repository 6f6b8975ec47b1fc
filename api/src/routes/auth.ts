/** auth/login, register, logout, change-password, user, forget-password (CONTRACT.md §3, §5). */
import {
  apiMessages,
  changePasswordSchema,
  forgetPasswordSchema,
  isStoreAccount,
  loginSchema,
  registerSchema,
  UserStatus,
} from '@agrivet/shared';
import { Router } from 'express';
import { beginLoginAttempt, clearLoginFailures } from '../auth/login-limit';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import { issueToken, revokeToken, revokeUserTokens } from '../auth/tokens';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { nowIso } from '../db/time';
import { currentUser, requireAuth } from '../http/auth';
import { acceptFormFields } from '../http/upload';
import { sendOk } from '../http/envelope';
import { badCredentials, conflict, invalidField, tooManyRequests, unauthorized } from '../http/errors';
import { validate } from '../http/validate';
import { presentUser } from '../presenters/user';
import { findUserWithStore } from '../queries/users';

const login = loginSchema('ar');
const register = registerSchema('ar');
const changePassword = changePasswordSchema('ar');
const forgetPassword = forgetPasswordSchema('ar');

export function authRoutes({ db, dialect }: AppContext): Router {
  const router = Router();
  // form-data bodies as well as JSON (CONTRACT.md §3)
  router.use(acceptFormFields);

  const userPayload = async (id: number) => {
    const row = await findUserWithStore(db, id);
    if (!row) throw unauthorized('invalidToken');
    return presentUser(row);
  };

  router.post('/login', async (req, res) => {
    const body = await validate(login, req.body);
    const ip = req.ip ?? 'unknown';
    // recorded as a failure before the password is checked (parallel guesses all count)
    const attempt = await beginLoginAttempt(db, dialect, body.phone, ip);
    if (!attempt.ok) throw tooManyRequests(attempt.retryAfterSeconds, 'tooManyAttempts');
    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('phone', '=', body.phone)
      .executeTakeFirst();
    const valid = await verifyPassword(body.password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user || !valid) throw badCredentials();
    await clearLoginFailures(db, body.phone);
    const token = await issueToken(db, user.id);
    sendOk(res, { token, user: await userPayload(user.id) });
  });

  router.post('/register', async (req, res) => {
    const body = await validate(register, req.body);
    const taken = await db.selectFrom('users').select('id').where('phone', '=', body.phone).executeTakeFirst();
    if (taken) throw conflict('phoneTaken');
    const now = nowIso();
    let id: number;
    try {
      const row = await db
        .insertInto('users')
        .values({
          name: body.name,
          phone: body.phone,
          password_hash: await hashPassword(body.password),
          address: null,
          image: null,
          type: body.type,
          status: isStoreAccount(body.type) ? UserStatus.Trial : UserStatus.Active,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('phoneTaken');
      throw err;
    }
    const token = await issueToken(db, id);
    sendOk(res, { token, user: await userPayload(id) });
  });

  router.post('/logout', requireAuth, async (req, res) => {
    await revokeToken(db, req.authTokenId as number);
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
    // guesses of the current password count as failed logins of this phone (a stolen token must
    // not allow an unlimited search for the password)
    const ip = req.ip ?? 'unknown';
    const attempt = await beginLoginAttempt(db, dialect, user.phone, ip);
    if (!attempt.ok) throw tooManyRequests(attempt.retryAfterSeconds, 'tooManyAttempts');
    if (!(await verifyPassword(body.current_password, row.password_hash))) {
      throw invalidField('current_password', 'wrongCurrentPassword');
    }
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword(body.password), updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    await clearLoginFailures(db, user.phone);
    await revokeUserTokens(db, user.id, req.authTokenId);
    sendOk(res, { message: 'تم تغيير كلمة المرور بنجاح' });
  });

  router.get('/user', requireAuth, async (req, res) => {
    sendOk(res, { user: await userPayload(currentUser(req).id) });
  });

  router.post('/forget-password', async (req, res) => {
    const body = await validate(forgetPassword, req.body);
    const open = await db
      .selectFrom('password_reset_requests')
      .select('id')
      .where('phone', '=', body.phone)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    if (!open) {
      const user = await db.selectFrom('users').select('id').where('phone', '=', body.phone).executeTakeFirst();
      await db
        .insertInto('password_reset_requests')
        .values({ phone: body.phone, user_id: user?.id ?? null, created_at: nowIso() })
        .execute();
    }
    sendOk(res, { message: apiMessages.ar.resetRequested });
  });

  return router;
}
