/**
 * Safety in a chat (CONTRACT.md §8): report a message of the other side or the whole conversation, and
 * block (or unblock) the other side in this conversation. One button in the thread header opens it.
 */
import {
  type Conversation,
  type Message,
  REPORT_REASONS,
  type ReportReason,
  reportReasonLabels,
} from '@agrivet/shared';
import { Button, IconButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MdBlock, MdFlag, MdMoreVert } from 'react-icons/md';
import { notify } from '@/components/ui/toaster';
import { useConversationBlock, useCreateReport, useSetConversationBlock } from '@/api/reports';
import { i18n } from '@/i18n';
import { dialogRecipe, fieldRecipe, nativeSelectRecipe, textareaRecipe } from '@/lib/theme/slot-recipes';
import { conversationKeys, type ThreadData, threadOf } from '@/api/conversations';

const NS = 'chatSafety';
const strings = {
  ar: {
    open: 'خيارات الأمان',
    title: 'الإبلاغ والحظر',
    what: 'عمّ تبلّغ؟',
    whole: 'المحادثة كاملة',
    reason: 'السبب',
    note: 'ملاحظة للمدير (اختياري)',
    send: 'إرسال البلاغ',
    sent: 'تم إرسال البلاغ إلى الإدارة',
    block: 'حظر الطرف الآخر',
    unblock: 'رفع الحظر',
    blockHint: 'لن يتمكن الطرف الآخر من مراسلتك في هذه المحادثة، ويمكنك رفع الحظر متى شئت.',
    blockedByMe: 'لقد حظرت الطرف الآخر في هذه المحادثة.',
    blockedByOther: 'حظرك الطرف الآخر: لا يمكنك الإرسال في هذه المحادثة.',
    blockedDone: 'تم الحظر',
    unblockedDone: 'تم رفع الحظر',
    close: 'إغلاق',
    media: 'مرفق',
  },
  en: {
    open: 'Safety options',
    title: 'Report and block',
    what: 'What are you reporting?',
    whole: 'The whole conversation',
    reason: 'Reason',
    note: 'Note for the admin (optional)',
    send: 'Send report',
    sent: 'Report sent to the admin',
    block: 'Block the other side',
    unblock: 'Unblock',
    blockHint: 'The other side will not be able to message you in this conversation; you can undo it any time.',
    blockedByMe: 'You blocked the other side in this conversation.',
    blockedByOther: 'The other side blocked you: you cannot send in this conversation.',
    blockedDone: 'Blocked',
    unblockedDone: 'Unblocked',
    close: 'Close',
    media: 'attachment',
  },
};
if (!i18n.hasResourceBundle('ar', NS)) i18n.addResourceBundle('ar', NS, strings.ar);
if (!i18n.hasResourceBundle('en', NS)) i18n.addResourceBundle('en', NS, strings.en);

const preview = (m: Message, media: string) => {
  const text = m.message ?? `[${media}]`;
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

export function ThreadSafetyMenu({ conversation, me }: { conversation: Conversation | undefined; me: number }) {
  const { t, i18n: instance } = useTranslation(NS);
  const { t: common } = useTranslation();
  const lang = instance.language === 'en' ? 'en' : 'ar';
  const ids = { what: useId(), reason: useId(), note: useId() };
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [reason, setReason] = useState<ReportReason>('abuse');
  const [note, setNote] = useState('');
  const client = useQueryClient();
  const participant = conversation !== undefined && (conversation.sender.id === me || conversation.receiver.id === me);
  const blockState = useConversationBlock(conversation?.id ?? 0, open && participant);
  const setBlock = useSetConversationBlock(conversation?.id ?? 0);
  const report = useCreateReport();
  if (!conversation || !participant) return null;

  // the other side's messages held in the thread, newest first (the last 20)
  const held = client.getQueryData<ThreadData>(conversationKeys.thread(conversation.id));
  const theirs = (held?.pages.length ? threadOf(held).messages : [])
    .filter((m) => m.user_id !== me && !m.deleted)
    .slice(-20)
    .reverse();

  const send = async () => {
    try {
      await report.mutateAsync(
        target === ''
          ? { conversation_id: conversation.id, reason, note: note.trim() || undefined }
          : { message_id: Number(target), reason, note: note.trim() || undefined },
      );
      notify.success(t('sent'));
      setOpen(false);
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
    }
  };
  const toggleBlock = async () => {
    const next = !blockState.data?.blocked_by_me;
    try {
      await setBlock.mutateAsync(next);
      notify.success(t(next ? 'blockedDone' : 'unblockedDone'));
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
    }
  };

  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) {
          setTarget('');
          setNote('');
        }
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('open')}>
          <MdMoreVert />
        </IconButton>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Field.Root recipe={fieldRecipe}>
                  <Field.Label htmlFor={ids.what}>{t('what')}</Field.Label>
                  <NativeSelect.Root recipe={nativeSelectRecipe}>
                    <NativeSelect.Field id={ids.what} value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
                      <option value="">{t('whole')}</option>
                      {theirs.map((m) => (
                        <option key={m.id} value={String(m.id)}>
                          {preview(m, t('media'))}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root recipe={fieldRecipe}>
                  <Field.Label htmlFor={ids.reason}>{t('reason')}</Field.Label>
                  <NativeSelect.Root recipe={nativeSelectRecipe}>
                    <NativeSelect.Field
                      id={ids.reason}
                      value={reason}
                      onChange={(e) => setReason(e.currentTarget.value as ReportReason)}
                    >
                      {REPORT_REASONS.map((r) => (
                        <option key={r} value={r}>
                          {reportReasonLabels[lang][r]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Field.Root recipe={fieldRecipe}>
                  <Field.Label htmlFor={ids.note}>{t('note')}</Field.Label>
                  <Textarea
                    recipe={textareaRecipe}
                    id={ids.note}
                    value={note}
                    maxLength={500}
                    rows={2}
                    onChange={(e) => setNote(e.currentTarget.value)}
                  />
                </Field.Root>
                <Button colorPalette="red" onClick={() => void send()} loading={report.isPending}>
                  <MdFlag aria-hidden />
                  {t('send')}
                </Button>
                <Stack gap="2" borderTopWidth="1px" pt="3">
                  {blockState.data?.blocked_by_other && <Text color="red.700">{t('blockedByOther')}</Text>}
                  <Text fontSize="sm" color="fg.muted">
                    {blockState.data?.blocked_by_me ? t('blockedByMe') : t('blockHint')}
                  </Text>
                  <Button
                    variant="outline"
                    colorPalette="red"
                    onClick={() => void toggleBlock()}
                    loading={setBlock.isPending}
                    disabled={!blockState.data}
                  >
                    <MdBlock aria-hidden />
                    {blockState.data?.blocked_by_me ? t('unblock') : t('block')}
                  </Button>
                </Stack>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={() => setOpen(false)}>
                {t('close')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
