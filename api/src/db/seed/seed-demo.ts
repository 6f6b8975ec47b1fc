/**
 * Loads the demo data (CONTRACT.md §2) into a brand-new database. Idempotent: it does nothing
 * when the admin phone already exists. Images are generated and stored through the image pipeline.
 */
import { UserStatus, UserType } from '@agrivet/shared';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../auth/passwords';
import type { Config } from '../../config';
import type { ImageStore } from '../../images/image-store';
import { postSearchText, productSearchText, storeSearchText } from '../../search/search-text';
import { nowIso } from '../time';
import type { Database } from '../types';
import { demoFarmer, demoPosts, demoStores } from './demo-data';
import { demoImage } from './demo-images';

export async function seedDemo(
  db: Kysely<Database>,
  images: ImageStore,
  config: Pick<Config, 'adminPhone' | 'adminPassword'>,
): Promise<void> {
  const exists = await db.selectFrom('users').select('id').where('phone', '=', config.adminPhone).executeTakeFirst();
  if (exists) return;

  // Hash and draw everything first: the transaction itself stays short.
  const adminHash = await hashPassword(config.adminPassword);
  const farmerHash = await hashPassword(demoFarmer.password);
  const storeHashes = await Promise.all(demoStores.map((s) => hashPassword(s.password)));
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
    }) => {
      const row = await trx
        .insertInto('users')
        .values({
          name: u.name,
          phone: u.phone,
          password_hash: u.hash,
          address: u.address,
          image: null,
          type: u.type,
          status: u.status,
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
    });

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
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [j, p] of s.products.entries()) {
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
  });
}
