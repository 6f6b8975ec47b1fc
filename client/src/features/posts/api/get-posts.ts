import { apiPaths, type Paged, type Post } from '@agrivet/shared';
import { apiGet } from '../../../lib/api-client';

/** GET post/getAll?page_number → articles, special first. */
export const getPosts = (page: number, signal?: AbortSignal): Promise<Paged<Post>> =>
  apiGet<Paged<Post>>(apiPaths.post.getAll, { page_number: page }, signal);
