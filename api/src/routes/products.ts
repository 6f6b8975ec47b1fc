/**
 * product/getAll (filters store_id, type, q), get/{id} (public); create by the store's owner only;
 * update/{id}, delete/{id} by the owner or the admin. Prices travel as "12.50" and are stored in cents.
 */
import {
  normalizeArabic,
  PRODUCT_TYPES,
  parseCents,
  productSchema,
  UserType,
  validationMessages,
} from '@agrivet/shared';
import { type Request, Router } from 'express';
import type { AppContext } from '../context';
import { nowIso } from '../db/time';
import {
  type AuthUser,
  currentUser,
  mustNotBeDisabledStore,
  mustOwnOrAdmin,
  refuseDisabledStore,
  requireAuth,
  requireStoreAccount,
} from '../http/auth';
import { browse } from '../http/browse';
import { sendOk } from '../http/envelope';
import { forbidden, invalid, notFound } from '../http/errors';
import { paginate, queryInt, readPaging } from '../http/paging';
import { acceptImage, storeUploadedImage } from '../http/upload';
import { idParam, validate } from '../http/validate';
import { presentProduct } from '../presenters/product';
import { type ProductFilter, productList, selectProducts } from '../queries/products';
import { productSearchText } from '../search/search-text';

const schema = productSchema('ar');

function readFilter(req: Request): ProductFilter {
  const storeId = queryInt(req.query, 'store_id');
  const type = queryInt(req.query, 'type');
  if (type !== undefined && !PRODUCT_TYPES.includes(type as never)) {
    throw invalid({ type: validationMessages.ar.invalidChoice });
  }
  const q = typeof req.query.q === 'string' ? normalizeArabic(req.query.q).slice(0, 100) : '';
  return { storeId, type, query: q || undefined };
}

/** Price in cents from the validated number (at most 2 decimals: the schema checked it). */
function priceCents(price: number): number {
  const cents = parseCents(price);
  if (cents === null) throw invalid({ price: validationMessages.ar.priceDecimals });
  return cents;
}

export function productRoutes({ db, dialect, images }: AppContext): Router {
  const router = Router();

  const findProduct = async (rawId: unknown) => {
    const id = idParam(rawId);
    if (id === null) throw notFound();
    const row = await selectProducts(db).where('products.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  /** A product the caller may change: its store's owner (not disabled) or the admin. */
  const findWritableProduct = async (rawId: unknown, caller: AuthUser) => {
    const row = await findProduct(rawId);
    mustOwnOrAdmin(caller, row.store_owner_id);
    mustNotBeDisabledStore(caller);
    return row;
  };

  // a product's JSON shows its store's name; the same for every caller (http/browse.ts)
  const productBrowse = { tables: ['products', 'stores'] } as const;

  router.get(
    '/getAll',
    browse(db, productBrowse, async (req) => {
      const list = productList(db, dialect, readFilter(req));
      return paginate(readPaging(req.query), list.count, list.page, (rows) => rows.map(presentProduct));
    }),
  );

  router.get(
    '/get/:id',
    browse(db, productBrowse, async (req) => presentProduct(await findProduct(req.params.id))),
  );

  router.post('/create', requireAuth, requireStoreAccount, refuseDisabledStore, acceptImage, async (req, res) => {
    const caller = currentUser(req);
    const body = await validate(schema, req.body);
    const store = await db.selectFrom('stores').select('id').where('user_id', '=', caller.id).executeTakeFirst();
    if (!store) throw forbidden('notStoreAccount');
    if (body.store_id !== undefined && body.store_id !== store.id) throw forbidden();
    const price_cents = priceCents(body.price);
    const image = await storeUploadedImage(req, images, 'products');
    const now = nowIso();
    let id: number;
    try {
      const row = await db
        .insertInto('products')
        .values({
          store_id: store.id,
          name: body.name,
          description: body.description ?? null,
          type: body.type,
          price_cents,
          is_special: body.is_special ? 1 : 0,
          image,
          search_text: productSearchText(body),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      await images.remove(image);
      throw err;
    }
    sendOk(res, presentProduct(await findProduct(String(id))));
  });

  router.post('/update/:id', requireAuth, acceptImage, async (req, res) => {
    const caller = currentUser(req);
    if (caller.type === UserType.Farmer) throw forbidden();
    const current = await findWritableProduct(req.params.id, caller);
    const body = await validate(schema, req.body);
    if (body.store_id !== undefined && body.store_id !== current.store_id) throw forbidden();
    const price_cents = priceCents(body.price);
    const image = await storeUploadedImage(req, images, 'products');
    try {
      await db
        .updateTable('products')
        .set({
          name: body.name,
          description: body.description ?? null,
          type: body.type,
          price_cents,
          is_special: body.is_special ? 1 : 0,
          search_text: productSearchText(body),
          updated_at: nowIso(),
          ...(image ? { image } : {}),
        })
        .where('id', '=', current.id)
        .execute();
    } catch (err) {
      await images.remove(image);
      throw err;
    }
    if (image) await images.remove(current.image);
    sendOk(res, presentProduct(await findProduct(String(current.id))));
  });

  router.post('/delete/:id', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const current = await findWritableProduct(req.params.id, caller);
    await db.deleteFrom('products').where('id', '=', current.id).execute();
    await images.remove(current.image);
    sendOk(res, { id: current.id });
  });

  return router;
}
