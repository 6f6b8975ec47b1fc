/**
 * /dashboard/reports (admin, CONTRACT.md §8): the report queue, live — a `report:new` push puts the report
 * at the top — with the reported message in its context and one-click actions: dismiss, delete the
 * message, block the user (with a reason, asked in a dialog). The closed ones are a second tab.
 */
import {
  type MessageCard,
  orderStageLabels,
  orderStatusLabels,
  type Report,
  type ReportAction,
  type ReportMessage,
  reportReasonLabels,
  userTypeLabels,
} from '@agrivet/shared';
import type { TFunction } from 'i18next';
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MdBlock, MdDelete, MdDoneAll } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { confirm } from '@/components/ui/confirm-dialog';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { type ReportState, reportKeys, useReports, useResolveReport } from '@/api/reports';
import { failureOf } from '@/lib/query-client';
import { onConnected } from '@/stores/realtime';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useOversightT } from '@/features/dashboard/lib/i18n';
import { formatMoment } from '@/features/dashboard/lib/oversight-format';
import { dialogRecipe } from '@/features/dashboard/lib/recipes';
import { BlockReason } from '@/features/dashboard/components/block-dialog';

/** An order card's state in words: its stage while open, else completed, rejected or cancelled by the buyer. */
function orderCardState(card: Extract<MessageCard, { type: 'order' }>, lang: 'ar' | 'en', t: TFunction): string {
  if (card.status === 0) return orderStageLabels[lang][card.stage];
  if (card.status === 2 && card.cancelled_by === 'buyer') return t('reports.cancelledByBuyer');
  return orderStatusLabels[lang][card.status];
}

function MessageLine({ m, reported, authorName }: { m: ReportMessage; reported: boolean; authorName: string }) {
  const { t, lang } = useOversightT();
  const body = m.deleted
    ? t('reports.deleted')
    : [
        m.message,
        m.attachment_kind ? `[${t(m.attachment_kind === 'audio' ? 'reports.audio' : 'reports.image')}]` : null,
        m.card?.type === 'order'
          ? `[${t('reports.orderCard', { id: m.card.order_id, total: m.card.total, state: orderCardState(m.card, lang, t) })}]`
          : null,
        m.card?.type === 'product' ? `[${t('reports.productCard', { name: m.card.name, price: m.card.price })}]` : null,
      ]
        .filter(Boolean)
        .join(' ');
  return (
    <Box
      as="li"
      listStyleType="none"
      p="2"
      rounded="md"
      bg={reported ? 'red.50' : 'gray.50'}
      borderInlineStartWidth="4px"
      borderInlineStartColor={reported ? 'red.500' : 'gray.300'}
      data-reported={reported || undefined}
    >
      <Text fontSize="xs" color="fg.muted">
        {authorName} — {formatMoment(m.created_at, lang)}
      </Text>
      <Text fontStyle={m.deleted ? 'italic' : undefined} overflowWrap="anywhere" whiteSpace="pre-wrap">
        {body}
      </Text>
    </Box>
  );
}

/** «Block the user» of a report: asks the block's reason, then resolves the report with `block_user`. */
function BlockFromReport({
  name,
  pending,
  onBlock,
}: {
  name: string;
  pending: boolean;
  onBlock: (reason: string) => Promise<boolean>;
}) {
  const { t } = useOversightT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) setReason('');
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>
        <Button size="sm" colorPalette="red">
          <MdBlock aria-hidden />
          {t('reports.blockUser')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('users.blockTitle', { name })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <BlockReason reason={reason} onChange={setReason} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette="red"
                loading={pending}
                onClick={() => void onBlock(reason.trim()).then((done) => done && setOpen(false))}
              >
                {t('users.block')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ReportCard({ report }: { report: Report }) {
  const { t, common, lang } = useOversightT();
  const resolve = useResolveReport();
  const act = async (action: ReportAction, reason?: string): Promise<boolean> => {
    try {
      await resolve.mutateAsync({ id: report.id, action, reason: reason || undefined });
      notify.success(t('reports.resolved'));
      return true;
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
      return false;
    }
  };
  const nameOf = (userId: number) =>
    userId === report.reporter?.id ? (report.reporter?.name ?? '') : (report.reported_user?.name ?? '');
  const reported = report.reported_user;
  return (
    <Box
      as="li"
      listStyleType="none"
      bg="bg"
      borderWidth="1px"
      rounded="lg"
      p={{ base: '3', md: '4' }}
      data-testid="report"
      aria-label={`${t('reports.title')} ${report.id}`}
    >
      <Stack gap="3">
        <HStack gap="2" flexWrap="wrap" justify="space-between">
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette="red">{reportReasonLabels[lang][report.reason]}</Badge>
            <Text fontSize="sm" color="fg.muted">
              {formatMoment(report.created_at, lang)}
            </Text>
          </HStack>
          {report.action && <Badge colorPalette="gray">{t(`reports.actions.${report.action}`)}</Badge>}
        </HStack>
        <Stack gap="1" fontSize="sm">
          <Text>
            {t('reports.reporter')}: <b>{report.reporter?.name}</b> (<span dir="ltr">{report.reporter?.phone}</span>)
          </Text>
          {reported && (
            <Text>
              {t('reports.reported')}: <b>{reported.name}</b> (<span dir="ltr">{reported.phone}</span>) —{' '}
              {userTypeLabels[lang][reported.type as 0 | 1 | 2 | 3]}{' '}
              {reported.blocked && <Badge colorPalette="red">{t('reports.blocked')}</Badge>}
            </Text>
          )}
          {report.note && (
            <Text>
              {t('reports.note')}: {report.note}
            </Text>
          )}
        </Stack>
        <Box>
          <Text fontWeight="bold" fontSize="sm" mb="1">
            {report.message_id ? t('reports.context') : t('reports.conversation')}
          </Text>
          <Stack as="ul" gap="1" ps="0">
            {(report.context ?? []).map((m) => (
              <MessageLine key={m.id} m={m} reported={m.id === report.message_id} authorName={nameOf(m.user_id)} />
            ))}
          </Stack>
        </Box>
        <HStack gap="2" flexWrap="wrap">
          {report.state === 'open' && (
            <>
              <Button size="sm" variant="outline" onClick={() => void act('dismiss')} loading={resolve.isPending}>
                <MdDoneAll aria-hidden />
                {t('reports.dismiss')}
              </Button>
              {report.message_id !== null && !report.message?.deleted && (
                <Button
                  size="sm"
                  colorPalette="orange"
                  onClick={async () => {
                    // deleting cannot be undone: asked first, as blocking is
                    const ok = await confirm({
                      title: t('reports.deleteConfirm'),
                      body: report.message?.message ?? undefined,
                      confirmLabel: t('reports.deleteMessage'),
                      destructive: true,
                    });
                    if (ok) await act('delete_message');
                  }}
                  loading={resolve.isPending}
                >
                  <MdDelete aria-hidden />
                  {t('reports.deleteMessage')}
                </Button>
              )}
              {reported && !reported.blocked && (
                <BlockFromReport
                  name={reported.name}
                  pending={resolve.isPending}
                  onBlock={(reason) => act('block_user', reason)}
                />
              )}
            </>
          )}
          <Button asChild size="sm" variant="ghost">
            <RouterLink to={`/conversation/${report.conversation_id}`}>{t('reports.openConversation')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

export default function ReportsRoute() {
  const { t } = useOversightT();
  const [state, setState] = useState<ReportState>('open');
  const [page, setPage] = useState(1);
  const query = useReports(state, page);
  const client = useQueryClient();

  // A new report (report:new) is put in the queue by the dashboard layout, wherever the admin is. Reports
  // sent before the socket had joined the admin room (as the page loaded, or while the link was down):
  useEffect(() => onConnected(() => void client.invalidateQueries({ queryKey: reportKeys.all })), [client]);

  const tab = (s: ReportState) => (
    <Button
      size="sm"
      variant={state === s ? 'solid' : 'outline'}
      colorPalette="green"
      aria-pressed={state === s}
      onClick={() => {
        setState(s);
        setPage(1);
      }}
    >
      {t(`reports.${s}`)}
      {s === 'open' && state === 'open' && query.data ? ` (${query.data.total})` : ''}
    </Button>
  );

  const error = failureOf(query);
  return (
    <ScreenFrame title={t('reports.title')} actions={<HStack gap="2">{[tab('open'), tab('closed')]}</HStack>}>
      {!query.data ? (
        error ? (
          <ErrorState error={error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : query.data.data.length === 0 ? (
        <EmptyState message={t('reports.empty')} />
      ) : (
        <Stack as="ul" gap="3" ps="0" aria-live="polite" data-testid="report-queue">
          {query.data.data.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </Stack>
      )}
      {query.data && query.data.last_page > 1 && (
        <Pager page={page} lastPage={query.data.last_page} onChange={setPage} />
      )}
    </ScreenFrame>
  );
}
