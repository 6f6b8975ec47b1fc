/**
 * The section links' short names on a phone (components/layout/section-nav.tsx), each inside its full
 * name (the link's accessible name): joined to the catalogue with the top bar's code, not with any page's
 * first load.
 */
import { addStrings } from './index';

export const sectionNavAr = {
  sectionNav: {
    pharmacies: 'الصيدليات',
    clinics: 'العيادات',
    nurseries: 'المشاتل',
    blog: 'نقطة العافية',
  },
};

addStrings('section-nav', 'translation', sectionNavAr, () => import('./section-nav-en').then((m) => m.sectionNavEn));
