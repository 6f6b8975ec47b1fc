/**
 * GET store/reviews/{id}?page_number (anyone): a store's reviews, newest first, each with the
 * reviewer's name only (CONTRACT.md §7). Mounted by routes/stores.ts under /store. The total is
 * the store row's rating_count (kept with every review write), so no count query runs.
 * A browse call (http/browse.ts): every review write moves the store row (its aggregate), so the
 * stores version, and a reviewer's new name the users version — its ETag follows both.
 */
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context';
import { toCount } from '../db/time';
import { browse } from '../http/browse';
import { notFound } from '../http/errors';
import { paginate, readPaging } from '../http/paging';
import { idParam } from '../http/validate';
import { presentReview } from '../presenters/order';
import { selectStoreReviews } from '../queries/orders';

export function storeReviews({ db }: Pick<AppContext, 'db'>): RequestHandler {
  return browse(db, { tables: ['stores', 'users'] }, async (req: Request) => {
    const id = idParam(req.params.id);
    if (id === null) throw notFound();
    const paging = readPaging(req.query);
    const store = await db.selectFrom('stores').select(['id', 'rating_count']).where('id', '=', id).executeTakeFirst();
    if (!store) throw notFound();
    return paginate(
      paging,
      async () => toCount(store.rating_count),
      (limit, offset) => selectStoreReviews(db, store.id).limit(limit).offset(offset).execute(),
      (rows) => rows.map(presentReview),
    );
  });
}
