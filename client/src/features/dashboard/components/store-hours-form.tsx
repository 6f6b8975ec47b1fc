/**
 * A store's opening hours and away message (CONTRACT.md §8), saved on their own (store/update with
 * `{hours, away_message}`): a line per week day (open or closed, from, to; "to" before "from" runs past
 * midnight), and the message the server sends a customer who writes while the store is closed (at
 * most once per conversation in 12 hours). No day ticked: always open.
 */
import { INBOX_LIMITS, type Store, type StoreHoursEntry } from '@agrivet/shared';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Textarea } from '@chakra-ui/react/textarea';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '@/components/ui/toaster';
import { useSaveStoreHours } from '@/api/stores';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { fieldRecipe, textareaRecipe } from '@/features/dashboard/lib/recipes';

interface DayLine {
  /** 0 Sunday … 6 Saturday. */
  day: number;
  open: boolean;
  from: string;
  to: string;
}

const DAYS = [0, 1, 2, 3, 4, 5, 6];

function linesOf(hours: StoreHoursEntry[]): DayLine[] {
  return DAYS.map((day) => {
    const h = hours.find((e) => e.day === day);
    return h ? { day, open: true, from: h.open, to: h.close } : { day, open: false, from: '08:00', to: '17:00' };
  });
}

export function StoreHoursForm({ store }: { store: Store }) {
  const { t, common } = useDashboardT();
  const save = useSaveStoreHours();
  const awayId = useId();
  const [lines, setLines] = useState<DayLine[]>(() => linesOf(store.hours ?? []));
  const [away, setAway] = useState(store.away_message ?? '');
  const set = (day: number, patch: Partial<DayLine>) =>
    setLines((all) => all.map((l) => (l.day === day ? { ...l, ...patch } : l)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const hours = lines.flatMap((l) => (l.open ? [{ day: l.day, open: l.from, close: l.to }] : []));
      await save.mutateAsync({ id: store.id, hours, away_message: away.trim() || null });
      notify.success(common('errors.done'));
    } catch (err) {
      notify.error(err, common('errors.requestFailed'));
    }
  };

  return (
    <Box asChild bg="bg" borderWidth="1px" rounded="lg" p="4">
      <form onSubmit={submit} noValidate aria-label={t('hours.title')}>
        <Stack gap="3">
          <Text as="h2" fontWeight="bold" fontSize="lg">
            {t('hours.title')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('hours.help')}
          </Text>
          <Stack as="ul" gap="2">
            {lines.map(({ day, ...line }) => (
              <HStack as="li" key={day} gap="2" flexWrap="wrap" listStyleType="none">
                <HStack asChild gap="2" w="28">
                  <label>
                    <input
                      type="checkbox"
                      checked={line.open}
                      onChange={(e) => set(day, { open: e.currentTarget.checked })}
                    />
                    {t(`hours.day${day}`)}
                  </label>
                </HStack>
                <Input
                  type="time"
                  size="sm"
                  w="32"
                  aria-label={t('hours.from', { day: t(`hours.day${day}`) })}
                  value={line.from}
                  disabled={!line.open}
                  onChange={(e) => set(day, { from: e.currentTarget.value })}
                />
                <Input
                  type="time"
                  size="sm"
                  w="32"
                  aria-label={t('hours.to', { day: t(`hours.day${day}`) })}
                  value={line.to}
                  disabled={!line.open}
                  onChange={(e) => set(day, { to: e.currentTarget.value })}
                />
              </HStack>
            ))}
          </Stack>
          <Field.Root recipe={fieldRecipe}>
            <Field.Label htmlFor={awayId}>{t('hours.away')}</Field.Label>
            <Textarea
              recipe={textareaRecipe}
              id={awayId}
              rows={2}
              dir="auto"
              maxLength={INBOX_LIMITS.awayMessageMax}
              value={away}
              onChange={(e) => setAway(e.currentTarget.value)}
            />
          </Field.Root>
          <HStack justify="flex-end">
            <Button type="submit" colorPalette="green" size="sm" loading={save.isPending}>
              {t('hours.save')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
