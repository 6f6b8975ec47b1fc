/**
 * Loads the demo data (CONTRACT.md §2) into a brand-new database. Idempotent: it does nothing
 * when the admin phone already exists. Images are generated and stored through the image pipeline.
 */
import { addCalendar, isStoreAccount, OrderStatus, UserStatus, UserType } from '@agrivet/shared';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/passwords';
import type { Config } from '../../config';
import type { ImageStore } from '../../images/image-store';
import { postSearchText, productSearchText, storeSearchText, userSearchText } from '../../search/search-text';
import { periodColumns } from '../../services/subscriptions';
import { nowIso } from '../time';
import type { Database } from '../types';
import { recomputeStoreRating } from '../../services/orders-rating';
import { demoBuyers, demoFarmer, demoPosts, demoStores } from './demo-data';
import { demoImage } from './demo-images';

export async function seedDemo(
  db: Kysely<Database>,
  images: ImageStore,
  config: Pick<Config, 'adminPhone' | 'adminPassword' | 'passwordCost'>,
): Promise<void> {
  const exists = await db.selectFrom('users').select('id').where('phone', '=', config.adminPhone).executeTakeFirst();
  if (exists) return;

  // Hash and draw everything first: the transaction itself stays short.
  const adminHash = await hashPassword(config.adminPassword, config.passwordCost);
  const farmerHash = await hashPassword(demoFarmer.password, config.passwordCost);
  const storeHashes = await Promise.all(demoStores.map((s) => hashPassword(s.password, config.passwordCost)));
  const storeImages = await Promise.all(
    demoStores.map((s) =>
      demoImage(images, 'stores', s.store.name_store.split(' ').slice(0, 2).join(' '), s.store.colors),
    ),
  );
  const productImages = await Promise.all(
    demoStores.map((s) =>
      Promise.all(
        s.products.map((p) => demoImage(images, 'products', p.name.split(' ').slice(0, 2).join(' '), s.store.colors)),
      ),
    ),
  );
  const postImages = await Promise.all(
    demoPosts.map((p, i) =>
      demoImage(
        images,
        'posts',
        p.title.split(' ').slice(0, 2).join(' '),
        i % 2 ? ['#276749', '#c6f6d5'] : ['#975a16', '#fefcbf'],
      ),
    ),
  );

  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const ids = new Map<string, number>();
    const addUser = async (u: {
      name: string;
      phone: string;
      hash: string;
      type: number;
      status: number;
      address: string | null;
      province?: number;
    }) => {
      const row = await trx
        .insertInto('users')
        .values({
          name: u.name,
          phone: u.phone,
          password_hash: u.hash,
          address: u.address,
          province: u.province ?? null,
          image: null,
          type: u.type,
          status: u.status,
          // the demo store accounts start on a yearly plan (CONTRACT.md §8), so the demo keeps working
          ...(isStoreAccount(u.type) ? periodColumns('yearly', addCalendar(Date.now(), { months: 12 })) : {}),
          search_text: userSearchText(u),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(u.phone, row.id);
      return row.id;
    };

    await addUser({
      name: 'المدير العام',
      phone: config.adminPhone,
      hash: adminHash,
      type: UserType.Admin,
      status: UserStatus.Active,
      address: 'دمشق',
    });
    ids.set('admin', ids.get(config.adminPhone) as number);
    await addUser({
      name: demoFarmer.name,
      phone: demoFarmer.phone,
      hash: farmerHash,
      type: UserType.Farmer,
      status: UserStatus.Active,
      address: demoFarmer.address,
      province: demoFarmer.province,
    });

    const storeIds = new Map<string, number>();
    const products = new Map<string, { price_cents: number }>();
    for (const [i, s] of demoStores.entries()) {
      const userId = await addUser({
        name: s.ownerName,
        phone: s.phone,
        hash: storeHashes[i],
        type: s.userType,
        status: s.userStatus,
        address: s.store.address,
      });
      const store = await trx
        .insertInto('stores')
        .values({
          user_id: userId,
          city: s.store.city,
          address: s.store.address,
          name_store: s.store.name_store,
          image: storeImages[i],
          type: s.store.type,
          search_text: storeSearchText(s.store),
          verified: s.verified ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      storeIds.set(s.phone, store.id);
      for (const [j, p] of s.products.entries()) {
        products.set(`${s.phone}/${p.name}`, { price_cents: Math.round(p.price * 100) });
        await trx
          .insertInto('products')
          .values({
            store_id: store.id,
            name: p.name,
            description: p.description,
            type: p.type,
            price_cents: Math.round(p.price * 100),
            is_special: p.is_special ? 1 : 0,
            image: productImages[i][j],
            search_text: productSearchText(p),
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    }

    for (const [i, p] of demoPosts.entries()) {
      await trx
        .insertInto('posts')
        .values({
          user_id: ids.get(p.by) as number,
          title: p.title,
          description: p.description,
          image: postImages[i],
          is_special: p.is_special ? 1 : 0,
          search_text: postSearchText(p),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    // other farmers' completed orders with their delivery details and reviews (CONTRACT.md §7)
    for (const b of demoBuyers) {
      const buyerId = await addUser({
        name: b.name,
        phone: b.phone,
        hash: farmerHash,
        type: UserType.Farmer,
        status: UserStatus.Active,
        address: b.address,
        province: b.province,
      });
      for (const o of b.orders) {
        const storeId = storeIds.get(o.store) as number;
        const lines = o.items.map((item) => {
          const product = products.get(`${o.store}/${item.product}`);
          if (!product) throw new Error(`demo order: no product ${item.product} in ${o.store}`);
          return { name: item.product, price_cents: product.price_cents, quantity: item.quantity };
        });
        const productRows = await trx
          .selectFrom('products')
          .select(['id', 'name'])
          .where('store_id', '=', storeId)
          .execute();
        const order = await trx
          .insertInto('orders')
          .values({
            user_id: buyerId,
            store_id: storeId,
            total_cents: lines.reduce((sum, l) => sum + l.price_cents * l.quantity, 0),
            status: OrderStatus.Completed,
            client_id: null,
            delivery_province: b.province,
            delivery_address: b.address,
            delivery_phone: b.phone,
            delivery_note: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('order_items')
          .values(
            lines.map((l) => ({
              ...l,
              order_id: order.id,
              product_id: productRows.find((p) => p.name === l.name)?.id ?? null,
            })),
          )
          .execute();
        if (o.review) {
          await trx
            .insertInto('reviews')
            .values({
              order_id: order.id,
              store_id: storeId,
              user_id: buyerId,
              rating: o.review.rating,
              comment: o.review.comment,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }
    }
    for (const storeId of storeIds.values()) await recomputeStoreRating(trx, storeId);
  });
}
