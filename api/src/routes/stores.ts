/**
 * store/getAll, get-By-city (`sort=rating`: best rated first), get/{id}, get-page/{id},
 * reviews/{id} (public); create, update/{id}, delete/{id} (owner or admin; a disabled store account
 * may not write; `verified` is the admin's alone).
 */
import {
  apiMessages,
  isStoreAccount,
  PROVINCE_IDS,
  STORE_TYPES,
  storeInboxSchema,
  storeSchema,
  storeVerifySchema,
  UserType,
  validationMessages,
} from '@agrivet/shared';
import { type Request, Router } from 'express';
import type { AppContext } from '../context';
import { recordAudit } from '../services/audit';
import { isUniqueViolation } from '../db/errors';
import { nowIso, toCount } from '../db/time';
import {
  type AuthUser,
  currentUser,
  isAdmin,
  mustNameCaller,
  mustNotBeDisabledStore,
  mustOwnOrAdmin,
  requireAuth,
} from '../http/auth';
import { browse } from '../http/browse';
import { sendOk } from '../http/envelope';
import { conflict, forbidden, invalid, notFound } from '../http/errors';
import { paginate, queryInt, readPaging } from '../http/paging';
import { acceptImage, storeUploadedImage } from '../http/upload';
import { idParam, validate } from '../http/validate';
import { presentProduct } from '../presenters/product';
import { presentStore } from '../presenters/store';
import { orderChanged } from '../events/orders';
import { presentOrderRows, selectOrders } from '../queries/orders';
import { selectProducts } from '../queries/products';
import { selectStores } from '../queries/stores';
import { storeSearchText } from '../search/search-text';
import { clockOf } from '../services/inbox';
import { storeStamp } from '../services/store-hours';
import { storeReviews } from './reviews';

const schema = storeSchema('ar');
const verifySchema = storeVerifySchema('ar');
const inboxSchema = storeInboxSchema('ar');

interface StoreFilter {
  type?: number;
  city?: number;
  /** rating: best average first, then more reviews, then newest; unrated last. Default: newest. */
  sort?: 'rating';
}

/** The store fields other than `verified`: a body with none of them only marks the store verified. */
const STORE_FIELDS = ['user_id', 'city', 'address', 'name_store', 'type'] as const;

/** `{hours, away_message}` without the store's other fields: the inbox settings alone (CONTRACT.md §8). */
function isInboxOnly(req: Request): boolean {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || req.file) return false;
  const fields = body as Record<string, unknown>;
  return (
    (fields.hours !== undefined || fields.away_message !== undefined) &&
    fields.verified === undefined &&
    STORE_FIELDS.every((k) => fields[k] === undefined)
  );
}

/** The inbox columns of a checked body: only those it names. */
function inboxColumns(body: { hours?: { day: number; open: string; close: string }[]; away_message?: string | null }) {
  return {
    ...(body.hours !== undefined
      ? { hours: JSON.stringify(body.hours.map((h) => ({ day: h.day, open: h.open, close: h.close }))) }
      : {}),
    ...(body.away_message !== undefined ? { away_message: body.away_message ? body.away_message : null } : {}),
  };
}

function isVerifyOnly(req: Request): boolean {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || req.file) return false;
  const fields = body as Record<string, unknown>;
  return fields.verified !== undefined && STORE_FIELDS.every((k) => fields[k] === undefined);
}

function readFilter(req: Request): StoreFilter {
  const type = queryInt(req.query, 'type');
  const city = queryInt(req.query, 'city');
  const fields: Record<string, string> = {};
  if (type !== undefined && !STORE_TYPES.includes(type as never)) fields.type = validationMessages.ar.invalidChoice;
  if (city !== undefined && city !== 0 && !PROVINCE_IDS.includes(city)) {
    fields.city = validationMessages.ar.invalidProvince;
  }
  const sort = req.query.sort;
  if (sort !== undefined && sort !== '' && sort !== 'rating' && sort !== 'newest') {
    fields.sort = validationMessages.ar.invalidChoice;
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
  // city 0 (or absent) means every province
  return { type, city: city === 0 ? undefined : city, sort: sort === 'rating' ? 'rating' : undefined };
}

export function storeRoutes({ db, images, config, events }: AppContext): Router {
  const router = Router();
  const clock = clockOf(config);

  const list = async (req: Request, filter: StoreFilter) => {
    const paging = readPaging(req.query);
    return paginate(
      paging,
      async () => {
        let q = db.selectFrom('stores').select((eb) => eb.fn.countAll().as('n'));
        if (filter.type !== undefined) q = q.where('type', '=', filter.type);
        if (filter.city !== undefined) q = q.where('city', '=', filter.city);
        return toCount((await q.executeTakeFirstOrThrow()).n as number);
      },
      (limit, offset) => {
        let q = selectStores(db, req.user?.id);
        if (filter.type !== undefined) q = q.where('stores.type', '=', filter.type);
        if (filter.city !== undefined) q = q.where('stores.city', '=', filter.city);
        // rating_tenths is 0 while a store is unrated: it sorts after every rated store on both dialects
        if (filter.sort === 'rating') {
          q = q.orderBy('stores.rating_tenths', 'desc').orderBy('stores.rating_count', 'desc');
        }
        return q.orderBy('stores.id', 'desc').limit(limit).offset(offset).execute();
      },
      (rows) => rows.map((row) => presentStore(row, req.user, clock())),
    );
  };

  const findStore = async (rawId: unknown, viewerId: number | undefined) => {
    const id = idParam(rawId);
    if (id === null) throw notFound();
    const row = await selectStores(db, viewerId).where('stores.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  /** Loads a store the caller may change (owner or admin; a disabled owner is refused). */
  const findWritableStore = async (rawId: unknown, caller: AuthUser) => {
    const id = idParam(rawId);
    if (id === null) throw notFound();
    const row = await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    mustOwnOrAdmin(caller, row.user_id);
    mustNotBeDisabledStore(caller);
    return row;
  };

  // a store's JSON shows its owner's name and status and counts its products; a signed-in caller
  // sees their conversation with it (and the owner their phone): per caller (http/browse.ts)
  // open_now and the chat activity follow the clock: visitors' answers are kept per period (services/store-hours.ts)
  const storeBrowse = {
    tables: ['stores', 'users', 'products'],
    perCaller: true,
    stamp: () => storeStamp(db, clock()),
  } as const;

  router.get(
    '/getAll',
    browse(db, storeBrowse, (req) => list(req, readFilter(req))),
  );

  router.get(
    '/get-By-city',
    browse(db, storeBrowse, (req) => list(req, readFilter(req))),
  );

  router.get(
    '/get/:id',
    browse(db, storeBrowse, async (req) =>
      presentStore(await findStore(req.params.id, req.user?.id), req.user, clock()),
    ),
  );

  router.get('/reviews/:id', storeReviews({ db }));

  router.get(
    '/get-page/:id',
    browse(db, storeBrowse, async (req) => {
      const store = presentStore(await findStore(req.params.id, req.user?.id), req.user, clock());
      const paging = readPaging(req.query);
      const page = await paginate(
        paging,
        async () =>
          toCount(
            (
              await db
                .selectFrom('products')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('store_id', '=', store.id)
                .executeTakeFirstOrThrow()
            ).n as number,
          ),
        (limit, offset) =>
          selectProducts(db)
            .where('products.store_id', '=', store.id)
            .orderBy('products.is_special', 'desc')
            .orderBy('products.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        (rows) => rows.map(presentProduct),
      );
      return { ...page, store };
    }),
  );

  router.post('/create', requireAuth, acceptImage, async (req, res) => {
    const caller = currentUser(req);
    if (!isAdmin(caller) && !isStoreAccount(caller.type)) throw forbidden('notStoreAccount');
    mustNotBeDisabledStore(caller);
    const body = await validate(schema, req.body);
    mustNameCaller(caller, body.user_id);
    // verified is the admin's to set
    if (body.verified === true && !isAdmin(caller)) throw forbidden();
    let ownerId = caller.id;
    if (isAdmin(caller)) {
      if (body.user_id === undefined) throw invalid({ user_id: validationMessages.ar.required });
      const owner = await db
        .selectFrom('users')
        .select(['id', 'type'])
        .where('id', '=', body.user_id)
        .executeTakeFirst();
      if (!owner || (owner.type !== UserType.Store && owner.type !== UserType.Nursery)) {
        throw invalid({ user_id: validationMessages.ar.invalidId });
      }
      ownerId = owner.id;
    }
    const existing = await db.selectFrom('stores').select('id').where('user_id', '=', ownerId).executeTakeFirst();
    if (existing) throw conflict('storeExists');

    const image = await storeUploadedImage(req, images, 'stores');
    const now = nowIso();
    let id: number;
    try {
      const row = await db
        .insertInto('stores')
        .values({
          user_id: ownerId,
          city: body.city,
          address: body.address,
          name_store: body.name_store,
          image,
          type: body.type,
          search_text: storeSearchText(body),
          verified: body.verified === true ? 1 : 0,
          ...inboxColumns(body),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      await images.remove(image);
      if (isUniqueViolation(err)) throw conflict('storeExists');
      throw err;
    }
    sendOk(res, presentStore(await findStore(String(id), caller.id), caller, clock()));
  });

  router.post('/update/:id', requireAuth, acceptImage, async (req, res) => {
    const caller = currentUser(req);
    const current = await findWritableStore(req.params.id, caller);
    if (isVerifyOnly(req)) {
      // `{verified}` alone: the admin marks the store; the owner may only send it back unchanged
      const { verified } = await validate(verifySchema, req.body);
      if (verified !== (current.verified === 1) && !isAdmin(caller)) throw forbidden();
      if (isAdmin(caller)) {
        await db
          .updateTable('stores')
          .set({ verified: verified ? 1 : 0, updated_at: nowIso() })
          .where('id', '=', current.id)
          .execute();
        if (verified !== (current.verified === 1)) {
          await recordAudit(db, {
            actorId: caller.id,
            action: 'store.verify',
            targetType: 'store',
            targetId: current.id,
            detail: { verified },
          });
        }
      }
      sendOk(res, presentStore(await findStore(String(current.id), caller.id), caller, clock()));
      return;
    }
    if (isInboxOnly(req)) {
      const inbox = await validate(inboxSchema, req.body);
      await db
        .updateTable('stores')
        .set({ ...inboxColumns(inbox), updated_at: nowIso() })
        .where('id', '=', current.id)
        .execute();
      sendOk(res, presentStore(await findStore(String(current.id), caller.id), caller, clock()));
      return;
    }
    const body = await validate(schema, req.body);
    mustNameCaller(caller, body.user_id);
    // the owner is fixed at creation: a different user_id is refused, never silently dropped
    if (body.user_id !== undefined && body.user_id !== current.user_id) {
      throw invalid({ user_id: validationMessages.ar.invalidChoice });
    }
    // verified is the admin's: an owner changing it is refused (the same value is accepted, unchanged)
    if (body.verified !== undefined && body.verified !== (current.verified === 1) && !isAdmin(caller)) {
      throw forbidden();
    }
    const image = await storeUploadedImage(req, images, 'stores');
    try {
      await db
        .updateTable('stores')
        .set({
          city: body.city,
          address: body.address,
          name_store: body.name_store,
          type: body.type,
          search_text: storeSearchText(body),
          updated_at: nowIso(),
          ...inboxColumns(body),
          ...(image ? { image } : {}),
          ...(body.verified !== undefined && isAdmin(caller) ? { verified: body.verified ? 1 : 0 } : {}),
        })
        .where('id', '=', current.id)
        .execute();
    } catch (err) {
      await images.remove(image);
      throw err;
    }
    if (isAdmin(caller) && body.verified !== undefined && body.verified !== (current.verified === 1)) {
      await recordAudit(db, {
        actorId: caller.id,
        action: 'store.verify',
        targetType: 'store',
        targetId: current.id,
        detail: { verified: body.verified },
      });
    }
    if (image) await images.remove(current.image);
    sendOk(res, presentStore(await findStore(String(current.id), caller.id), caller, clock()));
  });

  router.post('/delete/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const current = await findWritableStore(req.params.id, caller);
    const productImages = await db
      .selectFrom('products')
      .select('image')
      .where('store_id', '=', current.id)
      .where('image', 'is not', null)
      .execute();
    const messageImages = await db
      .selectFrom('messages')
      .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
      .select('messages.image')
      .where('conversations.store_id', '=', current.id)
      .where('messages.image', 'is not', null)
      .execute();
    // Its open orders close with it (rejected, the reason saying the store is gone): orders outlive their
    // store, and one left open would wait for good. Products, conversations and their messages go with
    // the store (ON DELETE CASCADE), so no order card is written; the buyers hear of it as order:status.
    const closed = await db.transaction().execute(async (trx) => {
      const open = await trx
        .updateTable('orders')
        .set({ status: 2, reason: apiMessages.ar.storeGone, cancelled_by: null, updated_at: nowIso() })
        .where('store_id', '=', current.id)
        .where('status', '=', 0)
        .returning('id')
        .execute();
      await trx.deleteFrom('stores').where('id', '=', current.id).execute();
      return open.map((o) => o.id);
    });
    if (closed.length > 0) {
      const rows = await selectOrders(db).where('orders.id', 'in', closed).execute();
      for (const order of await presentOrderRows(db, rows)) await events.publish(orderChanged(order));
    }
    for (const path of [current.image, ...productImages.map((p) => p.image), ...messageImages.map((m) => m.image)]) {
      await images.remove(path);
    }
    sendOk(res, { id: current.id });
  });

  return router;
}
