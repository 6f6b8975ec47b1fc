/**
 * REST paths relative to the API base `/api` (CONTRACT.md §3). Writes are POST.
 * `apiPaths.store.get(5)` → "store/get/5".
 */
export const API_BASE = '/api';
export const STORAGE_BASE = '/storage';
export const SOCKET_PATH = '/socket.io';

export const apiPaths = {
  health: 'health',
  search: 'search',
  auth: {
    login: 'auth/login',
    register: 'auth/register',
    logout: 'auth/logout',
    changePassword: 'auth/change-password',
    user: 'auth/user',
    /** CONTRACT.md §5: record a /forget-password request. */
    forgetPassword: 'auth/forget-password',
  },
  store: {
    getAll: 'store/getAll',
    getByCity: 'store/get-By-city',
    get: (id: number | string) => `store/get/${id}`,
    getPage: (id: number | string) => `store/get-page/${id}`,
    create: 'store/create',
    update: (id: number | string) => `store/update/${id}`,
    delete: (id: number | string) => `store/delete/${id}`,
    /** CONTRACT.md §7: the store's reviews, paged, newest first. */
    reviews: (id: number | string) => `store/reviews/${id}`,
  },
  post: {
    getAll: 'post/getAll',
    getAllPage: 'post/getAll-page',
    get: (id: number | string) => `post/get/${id}`,
    create: 'post/create',
    update: (id: number | string) => `post/update/${id}`,
    delete: (id: number | string) => `post/delete/${id}`,
  },
  product: {
    getAll: 'product/getAll',
    get: (id: number | string) => `product/get/${id}`,
    create: 'product/create',
    update: (id: number | string) => `product/update/${id}`,
    delete: (id: number | string) => `product/delete/${id}`,
  },
  conversation: {
    getAll: 'conversation/getAll',
    getMine: 'conversation/get-My-Conv',
    get: (id: number | string) => `conversation/get/${id}`,
    create: 'conversation/create',
    update: (id: number | string) => `conversation/update/${id}`,
    delete: (id: number | string) => `conversation/delete/${id}`,
    /** CONTRACT.md §8: the store's inbox and resolve. */
    inbox: 'conversation/inbox',
    resolve: (id: number | string) => `conversation/resolve/${id}`,
  },
  message: {
    create: 'message/create',
    /** CONTRACT.md §7: its author within 15 minutes, or the admin. */
    delete: (id: number | string) => `message/delete/${id}`,
  },
  /** CONTRACT.md §7: multipart `file`, an image or a voice note, for message/create `{upload_id}`. */
  upload: 'upload',
  /** CONTRACT.md §7: Web Push. */
  push: {
    key: 'push/key',
    subscribe: 'push/subscribe',
    unsubscribe: 'push/unsubscribe',
  },
  /** CONTRACT.md §8: a store's saved replies. */
  quickReply: {
    getAll: 'quick-reply/getAll',
    create: 'quick-reply/create',
    update: (id: number | string) => `quick-reply/update/${id}`,
    delete: (id: number | string) => `quick-reply/delete/${id}`,
  },
  order: {
    getAllByStore: 'order/getAll-byStore',
    getAllByUser: 'order/getAll-byUser',
    get: (id: number | string) => `order/get/${id}`,
    create: 'order/create',
    update: (id: number | string) => `order/update/${id}`,
    /** CONTRACT.md §7: the buyer rates a completed order (again: edits the rating). */
    rate: (id: number | string) => `order/rate/${id}`,
    /** CONTRACT.md §8: the buyer cancels while the order is new. */
    cancel: (id: number | string) => `order/cancel/${id}`,
  },
  user: {
    getAll: 'user/getAll',
    update: (id: number | string) => `user/update/${id}`,
    /** Admin: open /forget-password requests. */
    passwordRequests: 'user/password-requests',
    /** Admin: set a temporary password, closing the user's open requests. */
    setPassword: (id: number | string) => `user/set-password/${id}`,
  },
  stats: {
    /** Store account: its own figures. */
    store: 'stats/store',
    /** Admin: figures for the whole site. */
    admin: 'stats/admin',
  },
} as const;

/** Public URL of a stored image path (`products/ab.webp` → `/storage/products/ab.webp`). */
export const storageUrl = (path: string | null | undefined): string | null =>
  path ? `${STORAGE_BASE}/${path.replace(/^\/+/, '')}` : null;
