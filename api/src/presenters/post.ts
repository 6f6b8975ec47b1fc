import type { Post } from '@agrivet/shared';
import type { PostListRow } from '../queries/posts';
import { toBool, toIso } from './common';

export function presentPost(row: PostListRow): Post {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    description: row.description,
    image: row.image,
    is_special: toBool(row.is_special),
    author: { id: row.user_id, name: row.author_name },
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
