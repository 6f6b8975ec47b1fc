/**
 * Paged lists in Laravel's shape (CONTRACT.md §3): page_number ≥ 1, per_page default 12, max 50.
 *   const paging = readPaging(req.query);
 *   sendOk(res, await paginate(paging, () => countQuery, (limit, offset) => rowsQuery, present));
 */
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type Paged, toLatinDigits, validationMessages } from '@agrivet/shared';
import { invalid } from './errors';

export interface Paging {
  page: number;
  perPage: number;
}

function positiveInt(value: unknown): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return null;
  const s = toLatinDigits(value.trim());
  if (!/^\d{1,6}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 ? n : null;
}

export function readPaging(query: Record<string, unknown>): Paging {
  const page = positiveInt(query.page_number ?? query.page);
  const perPage = positiveInt(query.per_page);
  const fields: Record<string, string> = {};
  if (page === null) fields.page_number = validationMessages.ar.invalidChoice;
  if (perPage === null) fields.per_page = validationMessages.ar.invalidChoice;
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return { page: page ?? 1, perPage: Math.min(perPage ?? DEFAULT_PER_PAGE, MAX_PER_PAGE) };
}

export async function paginate<R, T>(
  paging: Paging,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<R[]>,
  present: (rows: R[]) => T[] | Promise<T[]>,
): Promise<Paged<T>> {
  const [total, list] = await Promise.all([count(), rows(paging.perPage, (paging.page - 1) * paging.perPage)]);
  return {
    current_page: paging.page,
    data: await present(list),
    last_page: Math.max(1, Math.ceil(total / paging.perPage)),
    per_page: paging.perPage,
    total,
  };
}

/** An optional integer query filter (`?store_id=3`, Arabic digits accepted); garbage is 422. */
export function queryInt(query: Record<string, unknown>, name: string): number | undefined {
  const v = positiveIntOrZero(query[name]);
  if (v === null) throw invalid({ [name]: validationMessages.ar.invalidChoice });
  return v;
}

function positiveIntOrZero(value: unknown): number | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return null;
  const s = toLatinDigits(value.trim());
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}
