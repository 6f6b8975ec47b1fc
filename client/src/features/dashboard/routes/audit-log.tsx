/** /dashboard/audit (admin, CONTRACT.md §8): every admin action, newest first. */
import type { AuditEntry } from '@agrivet/shared';
import { useAudit } from '@/api/audit';
import { failureOf } from '@/lib/query-client';
import { type Column, DataTable } from '@/features/dashboard/components/data-table';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useOversightT } from '@/features/dashboard/lib/i18n';
import { auditDetailParts } from '@/features/dashboard/lib/audit-detail';
import { formatMoment } from '@/features/dashboard/lib/oversight-format';
import { usePageParam } from '@/features/dashboard/lib/use-page-param';

export default function AuditLogRoute() {
  const { t, lang } = useOversightT();
  const [page, setPage] = usePageParam();
  const query = useAudit(page);
  const columns: Column<AuditEntry>[] = [
    {
      key: 'action',
      header: t('audit.action'),
      cell: (a) => t(`audit.actions.${a.action}`, { defaultValue: a.action }),
    },
    { key: 'actor', header: t('audit.actor'), cell: (a) => a.actor.name },
    {
      key: 'target',
      header: t('audit.target'),
      cell: (a) => `${t(`audit.targets.${a.target_type}`, { defaultValue: a.target_type })} #${a.target_id}`,
    },
    { key: 'at', header: t('audit.at'), cell: (a) => formatMoment(a.at, lang) },
    {
      key: 'detail',
      header: t('audit.detail'),
      cell: (a) => (
        <span style={{ overflowWrap: 'anywhere' }}>
          {auditDetailParts(a.detail, t, lang).join(lang === 'ar' ? '، ' : ', ') || '—'}
        </span>
      ),
    },
  ];
  return (
    <ScreenFrame title={t('audit.title')}>
      <DataTable
        empty={t('audit.empty')}
        caption={t('audit.title')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(a) => a.id}
        error={failureOf(query)}
        onRetry={() => void query.refetch()}
        page={page}
        lastPage={query.data?.last_page ?? 1}
        onPage={setPage}
      />
    </ScreenFrame>
  );
}
