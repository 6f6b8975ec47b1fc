/**
 * What the relay checks itself before forwarding: only what it uses on its own — ids that become
 * an API path or a room name (with the shared schema's id rule), the `typing` flag (never
 * forwarded), the `client_id` every write carries (CONTRACT.md §4), image bytes it turns into a
 * file, and the size of each event. The bodies themselves (texts, totals, items, pointers, statuses)
 * are validated by the API with the same shared yup schemas the forms use; its 422 envelope is the
 * acknowledgement. Every refusal here is a 422 (`validation_failed`, per-field Arabic messages) or a
 * 413 (`too_large`).
 */
import {
  type ApiFailure,
  apiMessages,
  LIMITS,
  messageCreateSchema,
  validationErrorFields,
  validationMessages,
  yup,
} from '@agrivet/shared';
import { invalid, tooLarge } from './messages';

const t = validationMessages.ar;
export type Checked<T> = { ok: true; value: T } | { ok: false; error: ApiFailure };

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The shared id rule (a positive integer that fits PostgreSQL's integer columns; digit strings,
 * Arabic-Indic ones too, are read as numbers), taken from the schema the API validates
 * message/create with, so the relay and the API accept exactly the same ids. An order's id follows
 * the same rule, and so does a message's.
 */
const conversationRef = messageCreateSchema('ar').pick(['conversation_id']);
const idRule = conversationRef.fields.conversation_id as yup.Schema<number>;
const orderRef = yup.object({ order_id: idRule });
const messageRef = yup.object({ message_id: idRule });

const notAnObject = <T>(): Checked<T> => ({ ok: false, error: invalid({ _: apiMessages.ar.validation }) });

function check<T>(schema: yup.Schema<T>, raw: Raw): Checked<T> {
  try {
    return { ok: true, value: schema.validateSync(raw, { abortEarly: false, stripUnknown: true }) };
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    return { ok: false, error: invalid(validationErrorFields(err)) };
  }
}

/** The client_id of a write: present and not blank (its length and shape are the API's rule). */
const hasClientId = (raw: Raw) => typeof raw.client_id === 'string' && raw.client_id.trim() !== '';

/** Small events must serialise to at most LIMITS.socketSmallPayloadBytes. */
export function checkSmall(payload: unknown): ApiFailure | null {
  let size = 0;
  try {
    size = JSON.stringify(payload ?? null).length;
  } catch {
    return invalid({ _: apiMessages.ar.validation });
  }
  return size > LIMITS.socketSmallPayloadBytes ? tooLarge() : null;
}

/** The payload without the keys the relay sets or reads itself: the rest goes to the API as given. */
function rest(raw: Raw, ...omit: string[]): Raw {
  const out: Raw = {};
  for (const [k, v] of Object.entries(raw)) if (!omit.includes(k)) out[k] = v;
  return out;
}

/** conversation:join / leave: the conversation's id (a path and a room name). */
export function checkConversationRef(raw: unknown): Checked<{ conversation_id: number }> {
  if (!isObject(raw)) return notAnObject();
  return check(conversationRef, raw);
}

export function checkTyping(raw: unknown): Checked<{ conversation_id: number; typing: boolean }> {
  if (!isObject(raw)) return notAnObject();
  const ref = check(conversationRef, raw);
  if (typeof raw.typing !== 'boolean') {
    const fields = ref.ok ? {} : { ...ref.error.error.fields };
    return { ok: false, error: invalid({ ...fields, typing: t.invalidBoolean }) };
  }
  return ref.ok ? { ok: true, value: { conversation_id: ref.value.conversation_id, typing: raw.typing } } : ref;
}

/** conversation:read: the path id; the pointers (at least one) are conversation/update's body. */
export function checkRead(raw: unknown): Checked<{ conversation_id: number; body: Raw }> {
  if (!isObject(raw)) return notAnObject();
  const ref = check(conversationRef, raw);
  return ref.ok
    ? { ok: true, value: { conversation_id: ref.value.conversation_id, body: rest(raw, 'conversation_id') } }
    : ref;
}

/** Image bytes as sent by socket.io (Buffer in Node, ArrayBuffer / typed array otherwise). */
function toBytes(v: unknown): Uint8Array | null {
  if (v instanceof Uint8Array) return v;
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return null;
}

export interface CheckedMessage {
  /** message/create's fields as the client sent them (conversation_id, message, upload_id, client_id …). */
  fields: Raw;
  image?: Uint8Array;
  image_type?: string;
}

/**
 * message:send: a client_id, and image bytes within LIMITS.imageMaxBytes (413) with a plausible
 * type. With an image the fields travel as multipart text, so each must be a string or a number.
 */
export function checkMessageSend(raw: unknown): Checked<CheckedMessage> {
  if (!isObject(raw)) return notAnObject();
  const bad: Record<string, string> = {};
  const value: CheckedMessage = { fields: rest(raw, 'image', 'image_type', 'user_id') };
  if (!hasClientId(raw)) bad.client_id = t.required;
  if (raw.image !== undefined && raw.image !== null) {
    const bytes = toBytes(raw.image);
    if (!bytes) bad.image = apiMessages.ar.notAnImage;
    else if (bytes.byteLength > LIMITS.imageMaxBytes)
      return { ok: false, error: tooLarge(apiMessages.ar.fileTooLarge) };
    else value.image = bytes;
  }
  if (raw.image_type !== undefined && raw.image_type !== null) {
    if (typeof raw.image_type === 'string' && /^image\/[\w.+-]{1,40}$/.test(raw.image_type)) {
      value.image_type = raw.image_type;
    } else bad.image_type = t.invalidChoice;
  }
  if (value.image) {
    for (const [k, v] of Object.entries(value.fields)) {
      if (v !== null && v !== undefined && typeof v !== 'string' && typeof v !== 'number') bad[k] = t.invalidChoice;
    }
  }
  return Object.keys(bad).length > 0 ? { ok: false, error: invalid(bad) } : { ok: true, value };
}

/** message:send without the image must still be small. */
export function checkMessageSize(raw: unknown): ApiFailure | null {
  if (!isObject(raw)) return null;
  const { image: _image, ...others } = raw;
  return checkSmall(others);
}

/** message:delete: the message's id (a path). */
export function checkMessageRef(raw: unknown): Checked<{ message_id: number }> {
  if (!isObject(raw)) return notAnObject();
  return check(messageRef, raw);
}

/** order:create: a client_id; the order itself (store, items, total, delivery) is order/create's to check. */
export function checkOrderCreate(raw: unknown): Checked<Raw> {
  if (!isObject(raw)) return notAnObject();
  if (!hasClientId(raw)) return { ok: false, error: invalid({ client_id: t.required }) };
  return { ok: true, value: rest(raw, 'user_id') };
}

/** order:update: the order's id (a path); the status is order/update's body. */
export function checkOrderUpdate(raw: unknown): Checked<{ order_id: number; body: Raw }> {
  if (!isObject(raw)) return notAnObject();
  const ref = check(orderRef, raw);
  return ref.ok ? { ok: true, value: { order_id: ref.value.order_id, body: rest(raw, 'order_id') } } : ref;
}
