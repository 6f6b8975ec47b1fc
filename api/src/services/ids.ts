/**
 * Ids from request bodies are checked against what the integer id columns can hold: a larger id
 * names no row, but PostgreSQL would fail the whole query ("out of range for type integer", a 500)
 * instead of finding nothing. Routes treat such ids as unknown.
 */
export const MAX_DB_ID = 2_147_483_647;

export const isStorableId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_ID;
