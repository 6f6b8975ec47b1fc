/**
 * The shop screens' strings (carts, checkout, ratings, verified stores, the account screen, order
 * alerts) joined to the app's catalogue when a screen that uses them loads — not with the first screen
 * (the landing route's JS budget). Import this module (`import '@/i18n/shop'`) from any component that
 * uses `checkout.*`, `storeState.*`, `reviews.*` or `account.*`.
 */
import { i18n } from './index';
import { shopAr } from './shop-ar';
import { shopEn } from './shop-en';

i18n.addResourceBundle('ar', 'translation', shopAr, true, false);
i18n.addResourceBundle('en', 'translation', shopEn, true, false);

export const SHOP_STRINGS = true;
