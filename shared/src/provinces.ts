/** The 12 provinces of SPEC.md §3 (id, Arabic name, English name). */
export interface Province {
  id: number;
  name: string;
  name_en: string;
}

export const PROVINCES: readonly Province[] = [
  { id: 1, name: 'دمشق', name_en: 'Damascus' },
  { id: 2, name: 'حماة', name_en: 'Hama' },
  { id: 3, name: 'طرطوس', name_en: 'Tartous' },
  { id: 4, name: 'اللاذقية', name_en: 'Lattakia' },
  { id: 5, name: 'حلب', name_en: 'Aleppo' },
  { id: 6, name: 'إدلب', name_en: 'Idlib' },
  { id: 7, name: 'دير الزور', name_en: 'Deir ez-Zor' },
  { id: 8, name: 'الرقة', name_en: 'Raqqa' },
  { id: 9, name: 'السويداء', name_en: 'Suwayda' },
  { id: 10, name: 'درعا', name_en: 'Daraa' },
  { id: 11, name: 'ريف دمشق', name_en: 'Rural Damascus' },
  { id: 12, name: 'حمص', name_en: 'Homs' },
];

const byId = new Map(PROVINCES.map((p) => [p.id, p]));
export const provinceById = (id: number): Province | undefined => byId.get(id);
export const provinceName = (id: number, lang: 'ar' | 'en' = 'ar'): string => {
  const p = byId.get(id);
  if (!p) return '';
  return lang === 'ar' ? p.name : p.name_en;
};
/**
 * A province's name in the UI language: the English one in English, else the Arabic name the API sent
 * (`city_name`, `province_name`) or the table's.
 */
export const provinceLabel = (id: number, lang: 'ar' | 'en', sentName?: string | null): string =>
  lang === 'en' ? provinceName(id, 'en') || sentName || '' : sentName || provinceName(id, 'ar');
export const PROVINCE_IDS: readonly number[] = PROVINCES.map((p) => p.id);
