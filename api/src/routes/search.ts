/** GET search?q&page_number: stores, products and articles whose normalised text contains q (CONTRACT.md §6). */
import { normalizeArabic, type SearchResult, validationMessages } from '@agrivet/shared';
import { Router } from 'express';
import type { AppContext } from '../context';
import { toCount } from '../db/time';
import { sendOk } from '../http/envelope';
import { invalid } from '../http/errors';
import { paginate, readPaging } from '../http/paging';
import { presentPost } from '../presenters/post';
import { presentProduct } from '../presenters/product';
import { presentStore } from '../presenters/store';
import { selectPosts } from '../queries/posts';
import { selectProducts } from '../queries/products';
import { selectStores } from '../queries/stores';
import { matchesSearch } from '../search/search-text';

const MAX_QUERY = 100;

export function searchRoutes({ db, dialect }: AppContext): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const raw = typeof req.query.q === 'string' ? req.query.q : '';
    const q = normalizeArabic(raw);
    if (q === '') throw invalid({ q: validationMessages.ar.required });
    if (q.length > MAX_QUERY) throw invalid({ q: validationMessages.ar.textTooLong });
    const paging = readPaging(req.query);
    const matches = (table: 'stores' | 'products' | 'posts') => matchesSearch(dialect, table, q);
    const count = async (table: 'stores' | 'products' | 'posts') =>
      toCount(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where(matches(table))
            .executeTakeFirstOrThrow()
        ).n as number,
      );

    const [stores, products, posts] = await Promise.all([
      paginate(
        paging,
        () => count('stores'),
        (limit, offset) =>
          selectStores(db, req.user?.id)
            .where(matches('stores'))
            .orderBy('stores.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        (rows) => rows.map(presentStore),
      ),
      paginate(
        paging,
        () => count('products'),
        (limit, offset) =>
          selectProducts(db)
            .where(matches('products'))
            .orderBy('products.is_special', 'desc')
            .orderBy('products.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        (rows) => rows.map(presentProduct),
      ),
      paginate(
        paging,
        () => count('posts'),
        (limit, offset) =>
          selectPosts(db)
            .where(matches('posts'))
            .orderBy('posts.is_special', 'desc')
            .orderBy('posts.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        (rows) => rows.map(presentPost),
      ),
    ]);
    const result: SearchResult = { stores, products, posts };
    sendOk(res, result);
  });

  return router;
}
