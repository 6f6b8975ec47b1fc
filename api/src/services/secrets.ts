/**
 * Server secrets kept in the database (table `settings`, migration 007) so that every API instance
 * of a deployment shares them: the first instance to need one generates it, the others read it.
 * Concurrent first starts meet on the primary key (insert … on conflict do nothing, then read).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export async function sharedSecret(db: Kysely<Database>, key: string, generate: () => string): Promise<string> {
  const read = () => db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto('settings')
    .values({ key, value: generate() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`setting ${key} could not be stored`);
  return stored.value;
}
