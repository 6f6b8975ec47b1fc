/**
 * The shop screens' strings (carts, checkout, ratings, verified stores, the account screen, order
 * alerts) joined to the app's catalogue when a screen that uses them loads — not with the first screen
 * (the landing route's JS budget). Import this module (`import '@/i18n/shop'`) from any component that
 * uses `checkout.*`, `storeState.*`, `reviews.*` or `account.*`.
 */
import { addStrings } from './index';
import { shopAr } from './shop-ar';

addStrings('shop', 'translation', shopAr, () => import('./shop-en').then((m) => m.shopEn));

export const SHOP_STRINGS = true;
