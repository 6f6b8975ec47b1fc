/** English twins of layout.ts's strings, loaded only for a reader who chose English (i18n/index.ts addStrings). */
import type { layoutAr } from './layout';
import type { EnglishOf } from './index';

export const layoutEn: EnglishOf<typeof layoutAr> = {
  store: {
    viewProducts: 'View products',
    viewProduct: 'View product',
    chat: 'Message',
    openChat: 'Open conversation',
    special: 'Special',
    freeDelivery: 'Free delivery',
    products: 'Products',
    productsCount: '{{count}} products',
    loginToChat: 'Please log in to send a message',
    notFound: 'Store not found',
  },
  footer: {
    social: 'Follow us',
    chatUs: 'Chat with us on WhatsApp',
    credit: 'Designed and built by the Agrivet digital agency',
    rights: 'All rights reserved',
  },
  dialog: { confirm: 'Confirm', cancel: 'Cancel', close: 'Close' },
  pageTitle: {
    in: '{{name}} in {{where}}',
    page: '{{title}} — page {{page}}',
  },
};
