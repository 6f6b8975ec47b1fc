import type { Message } from '@agrivet/shared';
import type { MessageRow } from '../db/types';
import { toIso } from './common';

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    user_id: row.user_id,
    message: row.message,
    image: row.image,
    client_id: row.client_id,
    created_at: toIso(row.created_at),
  };
}
