import { apiPaths } from '@agrivet/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationKeys } from '@/api/conversations';
import { apiPost } from '@/lib/api-lazy';

/** POST conversation/delete/{id} (admin): the conversation and its messages go (an audit row is kept). */
export const deleteConversation = (id: number) => apiPost<{ id: number }>(apiPaths.conversation.delete(id), {});

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: conversationKeys.thread(id) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}
