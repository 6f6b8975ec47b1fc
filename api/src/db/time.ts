/** Timestamps: written as ISO strings on both dialects, read back as string (SQLite) or Date (PG). */

export const nowIso = (): string => new Date().toISOString();

/** A stored timestamp as an ISO-8601 string (presenters use this). */
export function toIso(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  // SQLite values written by nowIso() are already ISO; tolerate "YYYY-MM-DD HH:MM:SS" too.
  return value.includes('T') ? value : new Date(`${value.replace(' ', 'T')}Z`).toISOString();
}

/** count(*) is a number on SQLite and a string (bigint) on PostgreSQL. */
export const toCount = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);
