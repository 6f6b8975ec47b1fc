/** Articles in the dashboard: the caller's own (admin: all), create, update, delete. */
import { apiPaths, type Paged, type Post } from '@agrivet/shared';
import type { AxiosProgressEvent } from 'axios';
import { apiGet, apiPost } from '../../../lib/api-client';

export const getMyPosts = (page: number, signal?: AbortSignal) =>
  apiGet<Paged<Post>>(apiPaths.post.getAllPage, { page_number: page }, signal);

export const getPost = (id: number, signal?: AbortSignal) => apiGet<Post>(apiPaths.post.get(id), undefined, signal);

export const savePost = (id: number | null, body: FormData, onUploadProgress?: (e: AxiosProgressEvent) => void) =>
  apiPost<Post>(id === null ? apiPaths.post.create : apiPaths.post.update(id), body, { onUploadProgress });

export const deletePost = (id: number) => apiPost<{ id: number }>(apiPaths.post.delete(id));
