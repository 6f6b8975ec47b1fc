/** English twins of section-nav.ts's strings, loaded only for a reader who chose English (i18n/index.ts addStrings). */
import type { sectionNavAr } from './section-nav';
import type { EnglishOf } from './index';

export const sectionNavEn: EnglishOf<typeof sectionNavAr> = {
  sectionNav: {
    pharmacies: 'Pharmacies',
    clinics: 'Clinics',
    nurseries: 'Nurseries',
    blog: 'Wellness',
  },
};
