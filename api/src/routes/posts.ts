/**
 * Articles: post/getAll (public, special first), getAll-page (the caller's own; admin all), get/{id};
 * create / update/{id} / delete/{id} by admin and store accounts (update/delete: author or admin).
 * Only the admin can mark an article special; a store account's `is_special` is ignored.
 */
import { postSchema } from '@agrivet/shared';
import { Router } from 'express';
import type { AppContext } from '../context';
import { nowIso, toCount } from '../db/time';
import {
  currentUser,
  isAdmin,
  mustNameCaller,
  mustOwnOrAdmin,
  refuseDisabledStore,
  requireAdminOrStoreAccount,
  requireAuth,
} from '../http/auth';
import { browse } from '../http/browse';
import { sendOk } from '../http/envelope';
import { notFound } from '../http/errors';
import { paginate, readPaging } from '../http/paging';
import { acceptImage, storeUploadedImage } from '../http/upload';
import { idParam, optionalId, validate } from '../http/validate';
import { presentPost } from '../presenters/post';
import { selectPosts } from '../queries/posts';
import { postSearchText } from '../search/search-text';

const schema = postSchema('ar').shape({ user_id: optionalId() });

export function postRoutes({ db, images }: AppContext): Router {
  const router = Router();
  const writers = [requireAuth, requireAdminOrStoreAccount, refuseDisabledStore];

  const findPost = async (rawId: unknown) => {
    const id = idParam(rawId);
    if (id === null) throw notFound();
    const row = await selectPosts(db).where('posts.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  const countPosts = async (authorId?: number) => {
    let q = db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n'));
    if (authorId !== undefined) q = q.where('user_id', '=', authorId);
    return toCount((await q.executeTakeFirstOrThrow()).n as number);
  };

  // an article's JSON shows its author's name; the same for every caller (http/browse.ts)
  const postBrowse = { tables: ['posts', 'users'] } as const;

  router.get(
    '/getAll',
    browse(db, postBrowse, (req) =>
      paginate(
        readPaging(req.query),
        () => countPosts(),
        (limit, offset) =>
          selectPosts(db)
            .orderBy('posts.is_special', 'desc')
            .orderBy('posts.id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
        (rows) => rows.map(presentPost),
      ),
    ),
  );

  router.get('/getAll-page', requireAuth, async (req, res) => {
    const caller = currentUser(req);
    const authorId = isAdmin(caller) ? undefined : caller.id;
    const page = await paginate(
      readPaging(req.query),
      () => countPosts(authorId),
      (limit, offset) => {
        let q = selectPosts(db);
        if (authorId !== undefined) q = q.where('posts.user_id', '=', authorId);
        return q.orderBy('posts.id', 'desc').limit(limit).offset(offset).execute();
      },
      (rows) => rows.map(presentPost),
    );
    sendOk(res, page);
  });

  router.get(
    '/get/:id',
    browse(db, postBrowse, async (req) => presentPost(await findPost(req.params.id))),
  );

  router.post('/create', ...writers, acceptImage, async (req, res) => {
    const caller = currentUser(req);
    const body = await validate(schema, req.body);
    mustNameCaller(caller, body.user_id);
    const image = await storeUploadedImage(req, images, 'posts');
    const now = nowIso();
    let id: number;
    try {
      const row = await db
        .insertInto('posts')
        .values({
          user_id: caller.id,
          title: body.title,
          description: body.description,
          image,
          is_special: isAdmin(caller) && body.is_special ? 1 : 0,
          search_text: postSearchText(body),
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
    sendOk(res, presentPost(await findPost(String(id))));
  });

  router.post('/update/:id', ...writers, acceptImage, async (req, res) => {
    const caller = currentUser(req);
    const current = await findPost(req.params.id);
    mustOwnOrAdmin(caller, current.user_id);
    const body = await validate(schema, req.body);
    const image = await storeUploadedImage(req, images, 'posts');
    try {
      await db
        .updateTable('posts')
        .set({
          title: body.title,
          description: body.description,
          search_text: postSearchText(body),
          updated_at: nowIso(),
          ...(isAdmin(caller) ? { is_special: body.is_special ? 1 : 0 } : {}),
          ...(image ? { image } : {}),
        })
        .where('id', '=', current.id)
        .execute();
    } catch (err) {
      await images.remove(image);
      throw err;
    }
    if (image) await images.remove(current.image);
    sendOk(res, presentPost(await findPost(String(current.id))));
  });

  router.post('/delete/:id', ...writers, async (req, res) => {
    const caller = currentUser(req);
    const current = await findPost(req.params.id);
    mustOwnOrAdmin(caller, current.user_id);
    await db.deleteFrom('posts').where('id', '=', current.id).execute();
    await images.remove(current.image);
    sendOk(res, { id: current.id });
  });

  return router;
}
