/** The contract pieces of CONTRACT.md §7's chat media and push: thumbnails of signed paths, the schemas. */
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  messageCreateSchema,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
  storageUrl,
  thumbPath,
  validationErrorFields,
} from '../src/index';

const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const auth = Buffer.alloc(16, 9).toString('base64url');

describe('thumbPath', () => {
  it('public image paths as before', () => {
    expect(thumbPath('products/ab12.webp')).toBe('products/ab12.thumb.webp');
  });
  it('a signed chat image keeps its signature', () => {
    expect(thumbPath('messages/ab12.webp?exp=1795564800&sig=U20YmVXUjoiShuQ37TneWg')).toBe(
      'messages/ab12.thumb.webp?exp=1795564800&sig=U20YmVXUjoiShuQ37TneWg',
    );
    expect(storageUrl(thumbPath('messages/ab12.webp?exp=1&sig=x'))).toBe(
      '/storage/messages/ab12.thumb.webp?exp=1&sig=x',
    );
  });
  it('leaves other files alone', () => {
    expect(thumbPath('voice/ab12.mp3?exp=1&sig=x')).toBe('voice/ab12.mp3?exp=1&sig=x');
  });
});

describe('paths', () => {
  it('upload, message/delete, push', () => {
    expect(apiPaths.upload).toBe('upload');
    expect(apiPaths.message.delete(12)).toBe('message/delete/12');
    expect(apiPaths.push).toEqual({ key: 'push/key', subscribe: 'push/subscribe', unsubscribe: 'push/unsubscribe' });
  });
});

describe('messageCreateSchema: upload_id', () => {
  it('accepts an id (Arabic-Indic digits too) and absence', () => {
    expect(messageCreateSchema('ar').validateSync({ conversation_id: 1, upload_id: '١٢' }).upload_id).toBe(12);
    expect(messageCreateSchema('ar').validateSync({ conversation_id: 1 }).upload_id).toBeUndefined();
  });
  it('refuses a non-id', () => {
    for (const upload_id of ['abc', 0, -3, 1.5, 2 ** 31]) {
      let fields: Record<string, string> = {};
      try {
        messageCreateSchema('en').validateSync({ conversation_id: 1, upload_id }, { abortEarly: false });
      } catch (err) {
        fields = validationErrorFields(err);
      }
      expect(Object.keys(fields), String(upload_id)).toEqual(['upload_id']);
    }
  });
});

describe('push schemas', () => {
  const valid = { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh, auth } };
  const fieldsOf = (
    body: unknown,
    schema: { validateSync(v: unknown, o: { abortEarly: boolean }): unknown } = pushSubscribeSchema('en'),
  ) => {
    try {
      schema.validateSync(body, { abortEarly: false });
      return {};
    } catch (err) {
      return validationErrorFields(err);
    }
  };
  it('accepts a browser subscription (toJSON, with expirationTime)', () => {
    expect(fieldsOf({ ...valid, expirationTime: null })).toEqual({});
    expect(fieldsOf({ ...valid, keys: { p256dh: `${p256dh}=`, auth: `${auth}==` } })).toEqual({});
  });
  it('refuses wrong key sizes, missing parts, a long endpoint', () => {
    expect(Object.keys(fieldsOf({ ...valid, keys: { p256dh: auth, auth } }))).toEqual(['keys.p256dh']);
    expect(Object.keys(fieldsOf({ ...valid, keys: { p256dh, auth: p256dh } }))).toEqual(['keys.auth']);
    expect(Object.keys(fieldsOf({ ...valid, keys: { p256dh: 'a+b/', auth } }))).toEqual(['keys.p256dh']);
    expect(Object.keys(fieldsOf({ endpoint: valid.endpoint }))).toEqual(['keys']);
    expect(Object.keys(fieldsOf({ keys: valid.keys }))).toEqual(['endpoint']);
    expect(Object.keys(fieldsOf({ ...valid, endpoint: `https://x.example/${'a'.repeat(2100)}` }))).toEqual([
      'endpoint',
    ]);
    expect(Object.keys(fieldsOf({}, pushUnsubscribeSchema('en')))).toEqual(['endpoint']);
  });
});
