/**
 * Block or unblock an account (user/block, CONTRACT.md §8): blocking asks for a reason and says what it
 * does (no sign-in, sessions end at once); unblocking asks to confirm.
 */
import type { User } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { Portal } from '@chakra-ui/react/portal';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import { MdBlock, MdLockOpen } from 'react-icons/md';
import { PlainInput } from '@/components/ui/plain-input';
import { notify } from '@/components/ui/toaster';
import { useSetUserBlocked } from '@/api/reports';
import { useOversightT } from '@/features/dashboard/lib/i18n';
import { dialogRecipe, fieldRecipe } from '@/features/dashboard/lib/recipes';

/** What a block does, and its reason (optional): the body of every block dialog (users list, report queue). */
export function BlockReason({ reason, onChange }: { reason: string; onChange: (reason: string) => void }) {
  const { t } = useOversightT();
  const id = useId();
  return (
    <>
      <Text mb="3">{t('users.blockConfirm')}</Text>
      <Field.Root recipe={fieldRecipe}>
        <Field.Label htmlFor={id}>{t('users.reason')}</Field.Label>
        <PlainInput id={id} value={reason} maxLength={300} onChange={(e) => onChange(e.currentTarget.value)} />
      </Field.Root>
    </>
  );
}

export function BlockDialog({ user }: { user: User }) {
  const { t, common } = useOversightT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const block = useSetUserBlocked();
  const blocked = Boolean(user.blocked);
  const save = async () => {
    try {
      await block.mutateAsync({ id: user.id, blocked: !blocked, reason: reason.trim() || undefined });
      notify.success(t(blocked ? 'users.unblockedDone' : 'users.blockedDone'));
      setOpen(false);
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
        if (e.open) setReason('');
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>
        <Button
          size="xs"
          variant={blocked ? 'outline' : 'ghost'}
          // lifting a block restores an account: not the danger colour of blocking one
          colorPalette={blocked ? 'green' : 'red'}
          aria-label={`${t(blocked ? 'users.unblock' : 'users.block')}: ${user.name}`}
        >
          {blocked ? <MdLockOpen aria-hidden /> : <MdBlock aria-hidden />}
          {t(blocked ? 'users.unblock' : 'users.block')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>
                {blocked ? t('users.unblockConfirm', { name: user.name }) : t('users.blockTitle', { name: user.name })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!blocked && <BlockReason reason={reason} onChange={setReason} />}
              {blocked && user.blocked_reason && <Text>{user.blocked_reason}</Text>}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette={blocked ? 'green' : 'red'} loading={block.isPending} onClick={() => void save()}>
                {t(blocked ? 'users.unblock' : 'users.block')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
