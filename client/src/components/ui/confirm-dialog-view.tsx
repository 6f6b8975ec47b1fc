/** The confirm dialog itself, loaded the first time confirm() is called. */
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { dialogRecipe } from '@/lib/theme/slot-recipes';

export interface ConfirmViewProps {
  open: boolean;
  title: string;
  body?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  onSettle: (ok: boolean) => void;
}

export default function ConfirmDialogView({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  destructive,
  onSettle,
}: ConfirmViewProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      recipe={dialogRecipe}
      role="alertdialog"
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onSettle(false);
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {body && <Dialog.Body>{body}</Dialog.Body>}
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onSettle(false)}>
                {cancelLabel ?? t('dialog.cancel')}
              </Button>
              <Button colorPalette={destructive ? 'red' : 'green'} onClick={() => onSettle(true)}>
                {confirmLabel ?? t('dialog.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
