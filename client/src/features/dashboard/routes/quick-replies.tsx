/**
 * The store's saved replies (CONTRACT.md §8): a shortcut (letters or digits) and its text; typing `/`
 * in the chat's composer lists them. Add, edit and delete here; a taken shortcut is shown on its field.
 */
import { INBOX_LIMITS, type QuickReply } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { deleteQuickReply, quickReplyKeys, saveQuickReply, useQuickReplies } from '@/api/quick-replies';
import { confirm } from '@/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-error';
import { failureOf } from '@/lib/query-client';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { fieldRecipe, textareaRecipe } from '@/features/dashboard/lib/recipes';

function ReplyForm({ reply, onDone }: { reply?: QuickReply; onDone: () => void }) {
  const { t, common } = useDashboardT();
  const queryClient = useQueryClient();
  const shortcutId = useId();
  const textId = useId();
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? '');
  const [text, setText] = useState(reply?.text ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await saveQuickReply({ id: reply?.id, shortcut, text });
      await queryClient.invalidateQueries({ queryKey: quickReplyKeys.all });
      notify.success(common('errors.done'));
      if (!reply) {
        setShortcut('');
        setText('');
      }
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else notify.error(err, common('errors.requestFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box asChild bg="bg" borderWidth="1px" rounded="lg" p="3">
      <form onSubmit={submit} noValidate aria-label={reply ? t('quick.edit') : t('quick.add')}>
        <Stack gap="2">
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.shortcut)}>
            <Field.Label htmlFor={shortcutId}>{t('quick.shortcut')}</Field.Label>
            <Input
              id={shortcutId}
              value={shortcut}
              maxLength={31}
              dir="auto"
              onChange={(e) => setShortcut(e.currentTarget.value)}
            />
            {errors.shortcut && <Field.ErrorText>{errors.shortcut}</Field.ErrorText>}
          </Field.Root>
          <Field.Root recipe={fieldRecipe} invalid={Boolean(errors.text)}>
            <Field.Label htmlFor={textId}>{t('quick.text')}</Field.Label>
            <Textarea
              recipe={textareaRecipe}
              id={textId}
              rows={3}
              dir="auto"
              maxLength={INBOX_LIMITS.quickReplyTextMax}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            {errors.text && <Field.ErrorText>{errors.text}</Field.ErrorText>}
          </Field.Root>
          <HStack gap="2" justify="flex-end">
            {reply && (
              <Button size="sm" variant="outline" type="button" onClick={onDone}>
                {t('form.cancel')}
              </Button>
            )}
            <Button size="sm" colorPalette="green" type="submit" loading={saving}>
              {reply ? t('form.save') : t('quick.add')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}

export default function QuickRepliesRoute() {
  const { t, common } = useDashboardT();
  const queryClient = useQueryClient();
  const query = useQuickReplies();
  const [editing, setEditing] = useState<number | null>(null);
  const failure = failureOf(query);
  const remove = async (reply: QuickReply) => {
    if (!(await confirm({ title: t('quick.deleteConfirm', { shortcut: reply.shortcut }), destructive: true }))) return;
    try {
      await deleteQuickReply(reply.id);
      await queryClient.invalidateQueries({ queryKey: quickReplyKeys.all });
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
    }
  };
  return (
    <ScreenFrame title={t('nav.quickReplies')}>
      <Stack gap="4" maxW="2xl">
        <Text color="fg.muted">{t('quick.help')}</Text>
        <ReplyForm onDone={() => {}} />
        {!query.data ? (
          failure ? (
            <ErrorState error={failure} onRetry={() => void query.refetch()} />
          ) : (
            <LoadingState />
          )
        ) : query.data.length === 0 ? (
          <EmptyState message={t('quick.empty')} />
        ) : (
          <Stack as="ul" gap="2" aria-label={t('nav.quickReplies')}>
            {query.data.map((reply) =>
              editing === reply.id ? (
                <li key={reply.id}>
                  <ReplyForm reply={reply} onDone={() => setEditing(null)} />
                </li>
              ) : (
                <Box as="li" key={reply.id} listStyleType="none" bg="bg" borderWidth="1px" rounded="lg" p="3">
                  <HStack justify="space-between" align="start" gap="2">
                    <Stack gap="1" minW="0">
                      <Text fontWeight="bold" dir="auto" textAlign="start">
                        /{reply.shortcut}
                      </Text>
                      <Text dir="auto" whiteSpace="pre-wrap">
                        {reply.text}
                      </Text>
                    </Stack>
                    <HStack gap="1" flexShrink={0}>
                      <Button size="xs" variant="outline" onClick={() => setEditing(reply.id)}>
                        {t('quick.edit')}
                      </Button>
                      <Button size="xs" variant="outline" colorPalette="red" onClick={() => void remove(reply)}>
                        {t('quick.delete')}
                      </Button>
                    </HStack>
                  </HStack>
                </Box>
              ),
            )}
          </Stack>
        )}
      </Stack>
    </ScreenFrame>
  );
}
