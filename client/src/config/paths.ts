/**
 * Every route of the client, once (SPEC.md §2). `paths.store.getHref(5)` → "/products/5".
 * Route patterns (`path`) are for the router; `getHref` builds links.
 */
const simple = <P extends string>(path: P) => ({ path, getHref: () => path });

export const paths = {
  home: simple('/'),
  pharmacies: simple('/leaf'),
  clinics: simple('/bone'),
  nurseries: simple('/farm'),
  blog: simple('/blog'),
  article: { path: '/blog/:id', getHref: (id: number | string) => `/blog/${id}` },
  search: { path: '/search', getHref: (q: string) => `/search?q=${encodeURIComponent(q)}` },
  store: { path: '/products/:id', getHref: (id: number | string) => `/products/${id}` },
  /** One product's page (CONTRACT.md §8); the dashboard's /product/list and /product/add rank above it. */
  product: { path: '/product/:id', getHref: (id: number | string) => `/product/${id}` },
  cart: { path: '/cart/:id', getHref: (id: number | string) => `/cart/${id}` },
  /** Every store's cart (CONTRACT.md §5). */
  carts: simple('/cart'),
  /** The signed-in user's own account (name, phone, address, image, password). */
  account: simple('/account'),
  myOrders: simple('/myorders'),
  chatList: simple('/chat/list'),
  chat: { path: '/chat/:id', getHref: (id: number | string) => `/chat/${id}` },
  /**
   * Opens (or starts) the conversation with a store, then replaces itself with /chat/{id}: what «مراسلة»
   * sends a visitor to sign in for, so the intent survives login and register (`next`).
   */
  startChat: { path: '/chat/store/:storeId', getHref: (storeId: number | string) => `/chat/store/${storeId}` },
  login: simple('/login'),
  signup: simple('/signup'),
  createAccount: simple('/createAcount'),
  forgetPassword: simple('/forget-password'),
  /** Dashboard screens (SPEC.md §2; built in features/dashboard by the dashboard engineer). */
  dashboard: {
    blogList: simple('/blog/list'),
    blogAdd: simple('/blog/add'),
    storeList: simple('/bone/list'),
    storeAdd: simple('/bone/add'),
    productList: simple('/product/list'),
    productAdd: simple('/product/add'),
    productEdit: { path: '/product/add/:id', getHref: (id: number | string) => `/product/add/${id}` },
    conversationList: simple('/conversation/list'),
    conversation: { path: '/conversation/:id', getHref: (id: number | string) => `/conversation/${id}` },
    orderList: simple('/order/list'),
    orderDetails: simple('/order/details'),
    userList: simple('/user/list'),
    profile: simple('/profile/info'),
    changePassword: simple('/profile/ChangePassword'),
  },
} as const;

/**
 * /login with the page to come back to (CONTRACT.md §5): `loginHref('/products/3')` →
 * "/login?next=%2Fproducts%2F3". The login and register screens send a farmer back there.
 */
export function loginHref(next?: string): string {
  return next ? `${paths.login.getHref()}?next=${encodeURIComponent(next)}` : paths.login.getHref();
}

/** Home of the dashboard for a signed-in account: admin → users, store accounts → articles. */
export function dashboardHome(userType: number): string {
  return userType === 0 ? paths.dashboard.userList.getHref() : paths.dashboard.blogList.getHref();
}
