/**
 * Open /forget-password requests (admin, on user/list) with a way to set a temporary password
 * (POST user/set-password/{id}); the list is refetched after each one.
 */
import { type PasswordResetRequest, setPasswordSchema } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Heading } from '@chakra-ui/react/heading';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { MdKey } from 'react-icons/md';
import { FormField } from '@/components/ui/form-field';
import { failureOf } from '@/lib/query-client';
import { usePasswordRequests } from '@/api/users';
import { useSetTemporaryPassword } from '@/api/users';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dialogRecipe } from '@/features/dashboard/lib/recipes';
import { saveWithFeedback } from '@/features/dashboard/lib/save-form';
import { type Column, DataTable } from './data-table';
import { dateLocale } from '@/lib/format';

function SetPasswordDialog({ request }: { request: PasswordResetRequest }) {
  const { t, lang } = useDashboardT();
  const [open, setOpen] = useState(false);
  // Refetches the open requests once set (the answered one leaves the list).
  const setPassword = useSetTemporaryPassword();
  const schema = useMemo(() => setPasswordSchema(lang), [lang]);
  const name = request.user_name ?? request.phone;
  const userId = request.user_id;
  return (
    <Dialog.Root recipe={dialogRecipe} open={open} onOpenChange={(e) => setOpen(e.open)} placement="center">
      <Dialog.Trigger asChild>
        <Button size="xs" variant="outline" colorPalette="green" disabled={userId === null}>
          <MdKey aria-hidden />
          {userId === null ? t('users.unknownPhone') : t('users.setPassword')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Formik
              initialValues={{ password: '' }}
              validationSchema={schema}
              onSubmit={async (values, helpers) => {
                if (userId === null) return;
                const ok = await saveWithFeedback(
                  () => setPassword.mutateAsync({ userId, password: values.password }),
                  t('users.passwordSet'),
                  helpers,
                );
                if (ok) setOpen(false);
              }}
            >
              {({ isSubmitting }) => (
                <Form noValidate>
                  <Dialog.Header>
                    <Dialog.Title>{t('users.setPasswordFor', { name })}</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <FormField name="password" label={t('users.tempPassword')} autoComplete="off" dir="ltr" />
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={() => setOpen(false)}>
                      {t('form.cancel')}
                    </Button>
                    <Button type="submit" colorPalette="green" loading={isSubmitting}>
                      {t('form.save')}
                    </Button>
                  </Dialog.Footer>
                </Form>
              )}
            </Formik>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function PasswordRequests() {
  const { t, lang } = useDashboardT();
  const [page, setPage] = useState(1);
  const query = usePasswordRequests(page);
  const dateFormat = new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium' });
  const columns: Column<PasswordResetRequest>[] = [
    { key: 'name', header: t('users.name'), cell: (r) => r.user_name ?? '—' },
    { key: 'phone', header: t('users.phone'), cell: (r) => <span dir="ltr">{r.phone}</span> },
    { key: 'date', header: t('users.requestedAt'), cell: (r) => dateFormat.format(new Date(r.created_at)) },
    {
      key: 'actions',
      header: t('table.actions'),
      cell: (r) => <SetPasswordDialog request={r} />,
    },
  ];
  return (
    <Stack gap="3" as="section" aria-labelledby="reset-requests">
      <Heading as="h2" size="md" id="reset-requests">
        {t('users.requests')}
      </Heading>
      {query.data && query.data.data.length === 0 ? (
        <Text color="fg.muted">{t('users.noRequests')}</Text>
      ) : (
        <DataTable
          caption={t('users.requests')}
          columns={columns}
          rows={query.data?.data}
          rowKey={(r) => r.id}
          error={failureOf(query)}
          onRetry={() => void query.refetch()}
          page={page}
          lastPage={query.data?.last_page ?? 1}
          onPage={setPage}
        />
      )}
    </Stack>
  );
}
