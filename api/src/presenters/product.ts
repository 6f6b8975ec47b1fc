import type { Product, ProductType } from '@agrivet/shared';
import type { ProductListRow } from '../queries/products';
import { money, toBool, toIso } from './common';

export function presentProduct(row: ProductListRow): Product {
  const price = money(row.price_cents);
  return {
    id: row.id,
    store_id: row.store_id,
    name: row.name,
    description: row.description,
    type: row.type as ProductType,
    price: price.text,
    price_cents: price.cents,
    is_special: toBool(row.is_special),
    image: row.image,
    store: { id: row.store_id, name_store: row.store_name },
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
