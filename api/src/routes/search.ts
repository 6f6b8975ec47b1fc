/**
 * GET search?q&page_number: stores, products and articles whose normalised text contains q
 * (CONTRACT.md §6), each kind paged, newest first.
 */
import { normalizeArabic, type SearchResult, validationMessages } from '@agrivet/shared';
import { Router } from 'express';
import type { AppContext } from '../context';
import { browse } from '../http/browse';
import { invalid } from '../http/errors';
import { paginate, readPaging } from '../http/paging';
import { presentPost } from '../presenters/post';
import { presentProduct } from '../presenters/product';
import { presentStore } from '../presenters/store';
import { searchHits } from '../queries/search';

const MAX_QUERY = 100;

export function searchRoutes({ db, dialect }: AppContext): Router {
  const router = Router();

  // stores as the viewer may see them (presenters/store.ts): per caller (http/browse.ts)
  const searchBrowse = { tables: ['stores', 'products', 'posts', 'users'], perCaller: true } as const;

  router.get(
    '/',
    browse(db, searchBrowse, async (req) => {
      const raw = typeof req.query.q === 'string' ? req.query.q : '';
      const q = normalizeArabic(raw);
      if (q === '') throw invalid({ q: validationMessages.ar.required });
      if (q.length > MAX_QUERY) throw invalid({ q: validationMessages.ar.textTooLong });
      const paging = readPaging(req.query);
      // hit counts cached while the table does not change; pages read from the nearer end of the hits
      const hits = searchHits(db, dialect, q, req.user?.id);
      const [stores, products, posts] = await Promise.all([
        paginate(
          paging,
          () => hits.count('stores'),
          hits.stores,
          (rows) => rows.map((row) => presentStore(row, req.user)),
        ),
        paginate(
          paging,
          () => hits.count('products'),
          hits.products,
          (rows) => rows.map(presentProduct),
        ),
        paginate(
          paging,
          () => hits.count('posts'),
          hits.posts,
          (rows) => rows.map(presentPost),
        ),
      ]);
      // stores as the viewer may see them (presenters/store.ts)
      const result: Omit<SearchResult, 'stores'> & { stores: typeof stores } = { stores, products, posts };
      return result;
    }),
  );

  return router;
}
