/** The REST side of re-sync: one page of a conversation's messages after an id (CONTRACT.md §3). */
import {
  type ApiResponse,
  apiPaths,
  type ConversationWithMessages,
  errorCodeForStatus,
  type Message,
} from '@agrivet/shared';

export type MessagesPage = ApiResponse<{ messages: Message[]; has_more: boolean }>;

/** Never throws: a network failure or time-out (15 s) is a 503, an answer that is no envelope a 502. */
export async function fetchMessagesAfter(
  apiUrl: string,
  token: string,
  conversationId: number,
  afterId: number,
): Promise<MessagesPage> {
  try {
    const res = await fetch(`${apiUrl}/${apiPaths.conversation.get(conversationId)}?after_id=${afterId}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json()) as ApiResponse<ConversationWithMessages>;
    if ('data' in body && body.status === 200) {
      return { status: 200, data: { messages: body.data.messages ?? [], has_more: body.data.has_more === true } };
    }
    if ('error' in body) return body;
    const status = res.status || 502;
    return { status, error: { code: errorCodeForStatus(status), message: '' } };
  } catch {
    return { status: 503, error: { code: 'internal', message: '' } };
  }
}
