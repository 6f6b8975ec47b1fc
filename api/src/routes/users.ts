/**
 * user/getAll (admin, paged, with open password-reset requests), user/update/{id} (self: name,
 * phone, address, province, image; admin: status too), user/password-requests and
 * user/set-password/{id} (admin).
 */
import {
  phoneSearch,
  normalizeArabic,
  setPasswordSchema,
  toLatinDigits,
  USER_STATUSES,
  USER_TYPES,
  UserStatus,
  userBlockSchema,
  userUpdateSchema,
  validationMessages,
} from '@agrivet/shared';
import { Router } from 'express';
import { type SelectQueryBuilder, sql } from 'kysely';
import { hashPassword } from '../auth/passwords';
import { revokeUserTokens } from '../auth/tokens';
import { clockNow } from '../config';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { nowIso, toCount, toIso } from '../db/time';
import type { Database, UserUpdate } from '../db/types';
import { currentUser, isAdmin, mustOwnOrAdmin, requireAdmin, requireAuth } from '../http/auth';
import { sendOk } from '../http/envelope';
import { forbidden, invalid, notFound, phoneTaken } from '../http/errors';
import { paginate, readPaging } from '../http/paging';
import { acceptFormFields, acceptImage, storeUploadedImage } from '../http/upload';
import { idParam, validate } from '../http/validate';
import { presentUser } from '../presenters/user';
import { findUserWithStore, selectUsers } from '../queries/users';
import { likePattern, userSearchText } from '../search/search-text';
import { recordAudit } from '../services/audit';
import { setUserBlocked } from '../services/oversight';
import { effectiveStatus, syncStatuses } from '../services/subscriptions';

const updateSchema = userUpdateSchema('ar');
const setPassword = setPasswordSchema('ar');
const blockSchema = userBlockSchema('ar');

export function userRoutes(ctx: AppContext): Router {
  const { db, images } = ctx;
  const router = Router();

  const openRequestCounts = async (ids: number[]): Promise<Map<number, number>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('password_reset_requests')
      .select((eb) => ['user_id', eb.fn.countAll().as('n')])
      .where('user_id', 'in', ids)
      .where('resolved_at', 'is', null)
      .groupBy('user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id as number, toCount(r.n as number)]));
  };

  router.get('/getAll', requireAuth, requireAdmin, async (req, res) => {
    const paging = readPaging(req.query);
    const typeText = typeof req.query.type === 'string' ? toLatinDigits(req.query.type) : undefined;
    const type = typeText === undefined || typeText === '' ? undefined : Number(typeText);
    if (type !== undefined && !USER_TYPES.includes(type as never)) {
      throw invalid({ type: validationMessages.ar.invalidChoice });
    }
    const statusText = typeof req.query.status === 'string' ? toLatinDigits(req.query.status) : undefined;
    const status = statusText === undefined || statusText === '' ? undefined : Number(statusText);
    if (status !== undefined && !USER_STATUSES.includes(status as never)) {
      throw invalid({ status: validationMessages.ar.invalidChoice });
    }
    const blockedText = typeof req.query.blocked === 'string' ? req.query.blocked : undefined;
    const blocked =
      blockedText === undefined || blockedText === ''
        ? undefined
        : ['1', 'true'].includes(blockedText)
          ? true
          : ['0', 'false'].includes(blockedText)
            ? false
            : null;
    if (blocked === null) throw invalid({ blocked: validationMessages.ar.invalidBoolean });
    const qText = typeof req.query.q === 'string' ? normalizeArabic(req.query.q).trim() : '';
    if (qText.length > 100) throw invalid({ q: validationMessages.ar.textTooLong });
    // a phone however it is written (`+963 944…`, `0944-444-444`) finds the stored, canonical one
    const phoneQuery = phoneSearch(qText) ?? toLatinDigits(qText);
    const now = clockNow(ctx.config);
    // statuses by the subscriptions as they are now, so the status filter is exact
    if (status !== undefined) await syncStatuses(db, now);
    type Filterable = SelectQueryBuilder<Database, 'users', object>;
    const filtered = <Q extends Filterable>(q: Q): Q => {
      let out = q;
      if (type !== undefined) out = out.where('users.type', '=', type) as Q;
      if (status !== undefined) out = out.where('users.status', '=', status) as Q;
      if (blocked === true) out = out.where('users.blocked_at', 'is not', null) as Q;
      if (blocked === false) out = out.where('users.blocked_at', 'is', null) as Q;
      if (qText !== '') {
        const pattern = likePattern(qText);
        out = out.where((eb) =>
          eb.or([
            eb(sql<string>`users.search_text`, 'like', sql<string>`${pattern} escape '\\'`),
            eb('users.phone', 'like', sql<string>`${likePattern(phoneQuery)} escape '\\'`),
          ]),
        ) as Q;
      }
      return out;
    };
    const page = await paginate(
      paging,
      async () => {
        const q = filtered(db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')));
        return toCount((await q.executeTakeFirstOrThrow()).n as number);
      },
      (limit, offset) => filtered(selectUsers(db)).orderBy('users.id', 'desc').limit(limit).offset(offset).execute(),
      async (rows) => {
        const counts = await openRequestCounts(rows.map((r) => r.id));
        return rows.map((r) => presentUser(r, counts.get(r.id) ?? 0, now));
      },
    );
    sendOk(res, page);
  });

  router.post('/block/:id', requireAuth, requireAdmin, acceptFormFields, async (req, res) => {
    const admin = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const body = await validate(blockSchema, req.body);
    await setUserBlocked(ctx, admin.id, id, body.blocked, body.blocked && body.reason ? body.reason : null);
    const row = await findUserWithStore(db, id);
    sendOk(res, { user: presentUser(row!, 0, clockNow(ctx.config)) });
  });

  router.post('/update/:id', requireAuth, acceptImage, async (req, res) => {
    const caller = currentUser(req);
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const target = await db
      .selectFrom('users')
      .select(['id', 'name', 'phone', 'status', 'image', 'type', 'sub_plan', 'sub_ends_at', 'suspended'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!target) throw notFound();
    mustOwnOrAdmin(caller, target.id);
    const body = await validate(updateSchema, req.body);
    const now = clockNow(ctx.config);
    const currentStatus = effectiveStatus(target, now);
    // nobody changes their own status: a user would lift their own suspension, the admin lock themselves out
    if (body.status !== undefined && body.status !== currentStatus && (!isAdmin(caller) || caller.id === target.id)) {
      throw forbidden();
    }

    const changes: UserUpdate = { updated_at: nowIso() };
    if (body.name !== undefined) changes.name = body.name;
    if (body.phone !== undefined && body.phone !== null) changes.phone = body.phone;
    if (body.address !== undefined) changes.address = body.address === '' ? null : body.address;
    if (body.province !== undefined) changes.province = body.province;
    if (body.status !== undefined && isAdmin(caller) && body.status !== currentStatus) {
      if (target.sub_plan !== null && target.sub_ends_at !== null) {
        // a store account on a plan: status 1 suspends it by hand; 0 or 2 lifts that, and the
        // subscription's own status applies again (CONTRACT.md §8)
        changes.suspended = body.status === UserStatus.Disabled ? 1 : 0;
        changes.status = effectiveStatus({ ...target, suspended: changes.suspended }, now);
      } else {
        changes.status = body.status;
      }
    }
    if (changes.name !== undefined || changes.phone !== undefined) {
      changes.search_text = userSearchText({ name: changes.name ?? target.name, phone: changes.phone ?? target.phone });
    }
    if (changes.phone) {
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where('phone', '=', changes.phone)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (taken) throw phoneTaken();
    }
    const image = await storeUploadedImage(req, images, 'users');
    if (image) changes.image = image;
    try {
      // a status change moves the users version (migration 008): store answers show `available`
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    } catch (err) {
      await images.remove(image);
      if (isUniqueViolation(err)) throw phoneTaken();
      throw err;
    }
    if (image) await images.remove(target.image);
    // disabled by the admin: the account's sockets end at once (they reconnect with the new status)
    if (changes.status === UserStatus.Disabled && target.status !== UserStatus.Disabled) {
      ctx.sessions.publish({ user_id: id });
    }
    if (changes.status !== undefined || changes.suspended !== undefined) {
      await recordAudit(db, {
        actorId: caller.id,
        action: 'user.status',
        targetType: 'user',
        targetId: id,
        detail: { from: currentStatus, to: body.status },
      });
    }
    const row = await findUserWithStore(db, id);
    sendOk(res, { user: presentUser(row!, 0, now) });
  });

  router.get('/password-requests', requireAuth, requireAdmin, async (req, res) => {
    const paging = readPaging(req.query);
    const page = await paginate(
      paging,
      async () =>
        toCount(
          (
            await db
              .selectFrom('password_reset_requests')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('resolved_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n as number,
        ),
      (limit, offset) =>
        db
          .selectFrom('password_reset_requests as r')
          .leftJoin('users', 'users.id', 'r.user_id')
          .select(['r.id', 'r.user_id', 'r.phone', 'r.created_at', 'users.name as user_name'])
          .where('r.resolved_at', 'is', null)
          .orderBy('r.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      (rows) =>
        rows.map((r) => ({
          id: r.id,
          user_id: r.user_id,
          phone: r.phone,
          user_name: r.user_name ?? null,
          created_at: toIso(r.created_at),
        })),
    );
    sendOk(res, page);
  });

  router.post('/set-password/:id', requireAuth, requireAdmin, acceptFormFields, async (req, res) => {
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const target = await db.selectFrom('users').select(['id', 'phone']).where('id', '=', id).executeTakeFirst();
    if (!target) throw notFound();
    const body = await validate(setPassword, req.body);
    const hash = await hashPassword(body.password, ctx.config.passwordCost);
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
      await trx
        .updateTable('password_reset_requests')
        .set({ resolved_at: now })
        .where('resolved_at', 'is', null)
        .where((eb) => eb.or([eb('user_id', '=', id), eb('phone', '=', target.phone)]))
        .execute();
    });
    await revokeUserTokens(ctx, id);
    const row = await findUserWithStore(db, id);
    sendOk(res, { user: presentUser(row!, 0, clockNow(ctx.config)) });
  });

  return router;
}
