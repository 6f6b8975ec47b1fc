/** Enumerations of SPEC.md §3/§9 with their Arabic and English labels. */

export const UserType = { Admin: 0, Store: 1, Farmer: 2, Nursery: 3 } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];
export const USER_TYPES: readonly UserType[] = [0, 1, 2, 3];
/** Types a visitor may register as (CONTRACT.md §3: 1, 2 or 3; the form offers 1 and 2). */
export const REGISTER_TYPES: readonly UserType[] = [1, 2, 3];
export const userTypeLabels: Record<'ar' | 'en', Record<UserType, string>> = {
  ar: { 0: 'مدير عام', 1: 'صيدلية / طبيب', 2: 'مزارع', 3: 'مشتل' },
  en: { 0: 'Main admin', 1: 'Pharmacy / doctor', 2: 'Farmer', 3: 'Nursery' },
};
/** Account types that own a store and use the store dashboard. */
export const isStoreAccount = (type: number): boolean => type === UserType.Store || type === UserType.Nursery;

export const UserStatus = { Active: 0, Disabled: 1, Trial: 2 } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];
export const USER_STATUSES: readonly UserStatus[] = [0, 1, 2];
export const userStatusLabels: Record<'ar' | 'en', Record<UserStatus, string>> = {
  ar: { 0: 'فعّال', 1: 'معطّل', 2: 'تجريبي' },
  en: { 0: 'Active', 1: 'Disabled', 2: 'Trial' },
};

export const StoreType = { Pharmacy: 0, Veterinary: 1, Nursery: 3 } as const;
export type StoreType = (typeof StoreType)[keyof typeof StoreType];
export const STORE_TYPES: readonly StoreType[] = [0, 1, 3];
export const storeTypeLabels: Record<'ar' | 'en', Record<StoreType, string>> = {
  ar: { 0: 'صيدلية زراعية', 1: 'عيادة بيطرية', 3: 'مشتل' },
  en: { 0: 'Agricultural pharmacy', 1: 'Veterinary clinic', 3: 'Plant nursery' },
};
/** Public browse route of each store type (SPEC.md §2). */
export const storeTypeRoutes: Record<StoreType, '/leaf' | '/bone' | '/farm'> = {
  0: '/leaf',
  1: '/bone',
  3: '/farm',
};

export const ProductType = { Medical: 0, SummerSeeds: 1, WinterSeeds: 2, Fertilizers: 3 } as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];
export const PRODUCT_TYPES: readonly ProductType[] = [0, 1, 2, 3];
export const productTypeLabels: Record<'ar' | 'en', Record<ProductType, string>> = {
  ar: { 0: 'أدوية', 1: 'بذور صيفية', 2: 'بذور شتوية', 3: 'أسمدة' },
  en: { 0: 'Medicines', 1: 'Summer seeds', 2: 'Winter seeds', 3: 'Fertilizers' },
};

export const OrderStatus = { InProgress: 0, Completed: 1, Rejected: 2 } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES: readonly OrderStatus[] = [0, 1, 2];
export const orderStatusLabels: Record<'ar' | 'en', Record<OrderStatus, string>> = {
  ar: { 0: 'قيد التنفيذ', 1: 'مكتمل', 2: 'مرفوض' },
  en: { 0: 'In progress', 1: 'Completed', 2: 'Rejected' },
};
