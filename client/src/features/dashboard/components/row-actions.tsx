/** Edit / view links and a delete button with the confirm dialog and SPEC.md §8's messages. */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { useState } from 'react';
import { MdDelete, MdEdit, MdVisibility } from 'react-icons/md';
import { Link as RouterLink } from 'react-router-dom';
import { confirm } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toaster';
import { useDashboardT } from '@/features/dashboard/lib/i18n';

/** Icons only on phones (the buttons keep their accessible names), words from md up. */
function Label({ children }: { children: string }) {
  return (
    <Box as="span" display={{ base: 'none', md: 'inline' }}>
      {children}
    </Box>
  );
}

interface RowActionsProps {
  /** Accessible name of the row's item, e.g. its title. */
  name: string;
  editTo?: string;
  viewTo?: string;
  viewLabel?: string;
  /** The delete (a mutation that also refreshes the cached lists). */
  onDelete?: () => Promise<unknown>;
}

export function RowActions({ name, editTo, viewTo, viewLabel, onDelete }: RowActionsProps) {
  const { t, common } = useDashboardT();
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    if (!onDelete) return;
    const ok = await confirm({
      title: common('errors.deleteConfirm'),
      confirmLabel: t('table.delete'),
      destructive: true,
    });
    if (!ok) return;
    setDeleting(true);
    try {
      await onDelete();
      notify.success(common('errors.deleteDone'));
    } catch (err) {
      notify.error(err, common('errors.deleteFailed'));
    } finally {
      setDeleting(false);
    }
  };
  return (
    <HStack gap="1" flexWrap="nowrap">
      {viewTo && (
        <Button asChild size={{ base: 'sm', md: 'xs' }} variant="ghost" colorPalette="blue">
          <RouterLink to={viewTo} aria-label={`${viewLabel ?? t('table.view')}: ${name}`}>
            <MdVisibility aria-hidden />
            <Label>{viewLabel ?? t('table.view')}</Label>
          </RouterLink>
        </Button>
      )}
      {editTo && (
        <Button asChild size={{ base: 'sm', md: 'xs' }} variant="ghost" colorPalette="green">
          <RouterLink to={editTo} aria-label={`${t('table.edit')}: ${name}`}>
            <MdEdit aria-hidden />
            <Label>{t('table.edit')}</Label>
          </RouterLink>
        </Button>
      )}
      {onDelete && (
        <Button
          size={{ base: 'sm', md: 'xs' }}
          variant="ghost"
          colorPalette="red"
          loading={deleting}
          onClick={() => void remove()}
          aria-label={`${t('table.delete')}: ${name}`}
        >
          <MdDelete aria-hidden />
          <Label>{t('table.delete')}</Label>
        </Button>
      )}
    </HStack>
  );
}
