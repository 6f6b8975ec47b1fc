import { apiPaths, type Post } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

/** GET post/get/{id}. */
export const getPost = (id: number, signal?: AbortSignal): Promise<Post> =>
  apiGet<Post>(apiPaths.post.get(id), undefined, signal);
