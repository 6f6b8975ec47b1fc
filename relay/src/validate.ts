/**
 * Shape and size checks of client events, before anything is forwarded. Business rules (who may
 * do what, totals, quantities) stay in the API; this only keeps malformed or oversized payloads
 * out, each answered with a 422 / 413 envelope in Arabic.
 */
import {
  type ApiFailure,
  apiMessages,
  type ConversationJoinPayload,
  type ConversationReadPayload,
  LIMITS,
  type OrderCreatePayload,
  type OrderUpdatePayload,
  type TypingPayload,
  validationMessages,
} from '@agrivet/shared';
import { failure, invalid, relayMessages } from './messages';

const t = validationMessages.ar;
export type Checked<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

type Fields = Record<string, string>;
type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A positive integer id; digit strings ("12") are accepted too. */
function readId(raw: Raw, key: string, fields: Fields): number {
  const v = raw[key];
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n > 0) return n;
  fields[key] = v === undefined || v === null ? t.required : t.invalidId;
  return 0;
}

function readInt(raw: Raw, key: string, fields: Fields, min: number): number {
  const v = raw[key];
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= min) return n;
  fields[key] = v === undefined || v === null ? t.required : t.integer;
  return 0;
}

function readClientId(raw: Raw, fields: Fields): string {
  const v = raw.client_id;
  if (typeof v === 'string' && v.trim().length > 0 && v.length <= LIMITS.clientIdMax) return v.trim();
  fields.client_id = v === undefined || v === null || v === '' ? t.required : t.tooLong;
  return '';
}

function done<T>(fields: Fields, value: T): Checked<T> {
  return Object.keys(fields).length > 0 ? { ok: false, error: invalid(fields) } : { ok: true, value };
}

function notAnObject<T>(): Checked<T> {
  return { ok: false, error: invalid({ _: apiMessages.ar.validation }) };
}

/** Small events must serialise to at most LIMITS.socketSmallPayloadBytes. */
export function checkSmall(payload: unknown): ApiFailure | null {
  let size = 0;
  try {
    size = JSON.stringify(payload ?? null).length;
  } catch {
    return invalid({ _: apiMessages.ar.validation });
  }
  return size > LIMITS.socketSmallPayloadBytes ? failure(413, relayMessages.payloadTooLarge) : null;
}

export function checkConversationRef(raw: unknown): Checked<ConversationJoinPayload> {
  if (!isObject(raw)) return notAnObject();
  const fields: Fields = {};
  return done(fields, { conversation_id: readId(raw, 'conversation_id', fields) });
}

export function checkTyping(raw: unknown): Checked<TypingPayload> {
  if (!isObject(raw)) return notAnObject();
  const fields: Fields = {};
  const conversation_id = readId(raw, 'conversation_id', fields);
  if (typeof raw.typing !== 'boolean') fields.typing = t.invalidBoolean;
  return done(fields, { conversation_id, typing: raw.typing === true });
}

/** conversation_id and at least one receipt pointer (read and/or delivered, integers ≥ 0). */
export function checkRead(raw: unknown): Checked<ConversationReadPayload> {
  if (!isObject(raw)) return notAnObject();
  const fields: Fields = {};
  const value: ConversationReadPayload = { conversation_id: readId(raw, 'conversation_id', fields) };
  for (const key of ['last_read_message_id', 'last_delivered_message_id'] as const) {
    if (raw[key] !== undefined && raw[key] !== null) value[key] = readInt(raw, key, fields, 0);
  }
  if (value.last_read_message_id === undefined && value.last_delivered_message_id === undefined) {
    fields.last_read_message_id ??= t.required;
  }
  return done(fields, value);
}

/** Image bytes as sent by socket.io (Buffer in Node, ArrayBuffer / typed array otherwise). */
function toBytes(v: unknown): Uint8Array | null {
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return null;
}

export interface CheckedMessage {
  conversation_id: number;
  message?: string;
  image?: Uint8Array;
  image_type?: string;
  client_id: string;
}

export function checkMessageSend(raw: unknown): Checked<CheckedMessage> {
  if (!isObject(raw)) return notAnObject();
  const fields: Fields = {};
  const value: CheckedMessage = { conversation_id: readId(raw, 'conversation_id', fields), client_id: '' };
  value.client_id = readClientId(raw, fields);
  if (raw.message !== undefined && raw.message !== null) {
    if (typeof raw.message !== 'string') fields.message = t.invalidChoice;
    else if (raw.message.length > LIMITS.messageMax) fields.message = t.textTooLong;
    else value.message = raw.message;
  }
  if (raw.image !== undefined && raw.image !== null) {
    const bytes = toBytes(raw.image);
    if (!bytes) fields.image = apiMessages.ar.notAnImage;
    else if (bytes.byteLength > LIMITS.imageMaxBytes)
      return { ok: false, error: failure(413, apiMessages.ar.fileTooLarge) };
    else value.image = bytes;
  }
  if (raw.image_type !== undefined && raw.image_type !== null) {
    if (typeof raw.image_type === 'string' && /^image\/[\w.+-]{1,40}$/.test(raw.image_type)) {
      value.image_type = raw.image_type;
    } else fields.image_type = t.invalidChoice;
  }
  return done(fields, value);
}

/** message:send without the image must still be small. */
export function checkMessageSize(raw: unknown): ApiFailure | null {
  if (!isObject(raw)) return null;
  const { image: _image, ...rest } = raw;
  return checkSmall(rest);
}

export function checkOrderCreate(raw: unknown): Checked<OrderCreatePayload> {
  if (!isObject(raw)) return notAnObject();
  const fields: Fields = {};
  const store_id = readId(raw, 'store_id', fields);
  const client_id = readClientId(raw, fields);
  const total = raw.total;
  if (!(typeof total === 'number' && Number.isFinite(total)) && !(typeof total === 'string' && total.length <= 32)) {
    fields.total = t.mustBeNumber;
  }
  const items: OrderCreatePayload['items'] = [];
  if (!Array.isArray(raw.items) || raw.items.length === 0) fields.items = t.itemsRequired;
  else if (raw.items.length > LIMITS.orderItemsMax) fields.items = t.tooManyItems;
  else {
    raw.items.forEach((item, i) => {
      if (!isObject(item)) {
        fields[`items[${i}]`] = t.invalidChoice;
        return;
      }
      const itemFields: Fields = {};
      const product_id = readId(item, 'product_id', itemFields);
      const quantity = readInt(item, 'quantity', itemFields, 0);
      for (const [k, m] of Object.entries(itemFields)) fields[`items[${i}].${k}`] = m;
      items.push({ product_id, quantity });
    });
  }
  return done(fields, { store_id, total: total as string | number, items, client_id });
}

export function checkOrderUpdate(raw: unknown): Checked<OrderUpdatePayload> {
  if (!isObject(raw)) return notAnObject();
  const fields: Fields = {};
  const order_id = readId(raw, 'order_id', fields);
  const status = readInt(raw, 'status', fields, 0);
  return done(fields, { order_id, status });
}
