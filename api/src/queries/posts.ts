import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export function selectPosts(db: Kysely<Database>) {
  return db
    .selectFrom('posts')
    .innerJoin('users as author', 'author.id', 'posts.user_id')
    .select([
      'posts.id',
      'posts.user_id',
      'posts.title',
      'posts.description',
      'posts.image',
      'posts.is_special',
      'posts.created_at',
      'posts.updated_at',
      'author.name as author_name',
    ]);
}

export type PostListRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['executeTakeFirstOrThrow']>>;
