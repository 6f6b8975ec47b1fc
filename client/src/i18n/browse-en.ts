/** English twins of browse.ts's strings, loaded only for a reader who chose English (i18n/index.ts addStrings). */
import type { browseAr } from './browse';
import type { EnglishOf } from './index';

export const browseEn: EnglishOf<typeof browseAr> = {
  bottomNav: {
    label: 'Quick navigation',
    chats: 'Chats',
    orders: 'My orders',
    cart: 'Cart',
    account: 'Account',
    dashboard: 'Dashboard',
  },
  productPage: {
    title: 'Product',
    notFound: 'Product not found',
    description: 'Description',
    noDescription: 'This product has no description.',
    ask: 'Ask the store about this product',
    loginToAsk: 'Sign in to ask the store about this product',
    askConfirm: 'Send this product to {{store}} to ask about it?',
    askSend: 'Send',
    price: 'Price',
    store: 'Store',
    visitStore: 'Store page',
    openNow: 'Open now',
    closedNow: 'Closed now',
    replyMinutes: 'Usually replies within {{count}} minutes',
    replyHours: 'Usually replies within {{count}} hours',
    alwaysOpen: 'Open all week',
    hours: 'Opening hours',
    zoom: 'View the picture full screen',
    viewer: 'Product picture',
    close: 'Close',
    details: 'Details: {{name}}',
    message: 'Message',
    order: 'Order',
  },
  share: {
    button: 'Share',
    copied: 'Link copied',
    copyFailed: 'Could not copy the link, copy it from here:',
  },
  intent: {
    resuming: 'Picking up where you left off…',
  },
};
