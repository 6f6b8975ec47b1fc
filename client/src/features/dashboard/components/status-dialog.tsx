/**
 * A dialog with a status dropdown and a save button: the order status (0/1/2) on order/details and the
 * user status (0 active / 1 disabled / 2 trial) on user/list.
 */
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Field } from '@chakra-ui/react/field';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Portal } from '@chakra-ui/react/portal';
import { type ReactNode, useId, useState } from 'react';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dialogRecipe, fieldRecipe, nativeSelectRecipe } from '@/features/dashboard/lib/recipes';

interface StatusDialogProps {
  title: string;
  label: string;
  value: number;
  options: { value: number; label: string }[];
  /** Saves the new value; resolves true to close the dialog. */
  onSave: (value: number) => Promise<boolean>;
  trigger: ReactNode;
}

export function StatusDialog({ title, label, value, options, onSave, trigger }: StatusDialogProps) {
  const { t } = useDashboardT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(value);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    try {
      if (await onSave(choice)) setOpen(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root
      recipe={dialogRecipe}
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) setChoice(value);
      }}
      placement="center"
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root recipe={fieldRecipe}>
                <Field.Label htmlFor={id}>{label}</Field.Label>
                <NativeSelect.Root recipe={nativeSelectRecipe}>
                  <NativeSelect.Field
                    id={id}
                    value={String(choice)}
                    onChange={(e) => setChoice(Number(e.currentTarget.value))}
                  >
                    {options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('form.cancel')}
              </Button>
              <Button colorPalette="green" loading={saving} onClick={() => void save()}>
                {t('form.save')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
