/**
 * The two participants of each conversation, learnt from GET conversation/get/{id}. Participants
 * never change, so entries live until evicted by size (oldest first).
 */
export interface Participants {
  senderId: number;
  receiverId: number;
}

export interface ParticipantsCache {
  get(conversationId: number): Participants | undefined;
  set(conversationId: number, participants: Participants): void;
}

export function createParticipantsCache(maxEntries = 50_000): ParticipantsCache {
  const map = new Map<number, Participants>();
  return {
    get: (id) => map.get(id),
    set(id, participants) {
      map.delete(id);
      map.set(id, participants);
      if (map.size > maxEntries) {
        const oldest = map.keys().next().value;
        if (oldest !== undefined) map.delete(oldest);
      }
    },
  };
}
