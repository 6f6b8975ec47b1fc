/**
 * bone/add: one form for create and edit (city, address, name_store, type, image). A store account
 * without a store creates its own here (then the session user is refreshed and it goes on to the
 * dashboard); with a store it edits it. The admin edits any store (?id=) or creates one for a user.
 */
import { type Store, storeSchema, type User, validationMessages, type yup } from '@agrivet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { CompressedImage } from '@/lib/compress-image';
import { failureOf } from '@/lib/query-client';
import { useRealtime } from '@/stores/realtime';
import { setUserData, userQueryOptions, useUser } from '@/api/auth';
import { useStore } from '@/api/stores';
import { useSaveStore } from '@/api/stores';
import { FormActions } from '@/features/dashboard/components/form-actions';
import { FormCard } from '@/features/dashboard/components/form-card';
import { ImageField } from '@/features/dashboard/components/image-field';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { SelectField } from '@/features/dashboard/components/select-field';
import { StoreHoursForm } from '@/features/dashboard/components/store-hours-form';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { toFormData } from '@/features/dashboard/lib/form-data';
import { provinceOptions, storeTypeOptions } from '@/features/dashboard/lib/options';
import { saveWithFeedback } from '@/features/dashboard/lib/save-form';
import { useIdParam } from '@/features/dashboard/lib/use-page-param';
import { useUploadProgress } from '@/features/dashboard/lib/use-upload-progress';

interface StoreValues {
  user_id: string;
  city: number | '';
  address: string;
  name_store: string;
  type: number | '';
}

function StoreFormView({ store, user, ownerId }: { store: Store | null; user: User; ownerId?: number | null }) {
  const queryClient = useQueryClient();
  const { t, lang } = useDashboardT();
  const navigate = useNavigate();
  const isAdmin = user.type === 0;
  const creatingOwn = !store && !isAdmin;
  // The admin creating a store names its owner (the API refuses the create without user_id).
  const schema = useMemo(() => {
    const base = storeSchema(lang);
    return isAdmin && !store
      ? base.shape({
          user_id: (base.fields.user_id as unknown as yup.NumberSchema).required(validationMessages[lang].required),
        })
      : base;
  }, [lang, isAdmin, store]);
  const [image, setImage] = useState<CompressedImage | null>(null);
  const upload = useUploadProgress();
  const save = useSaveStore();
  const initial: StoreValues = {
    user_id: ownerId ? String(ownerId) : '',
    city: store?.city ?? '',
    address: store?.address ?? '',
    name_store: store?.name_store ?? '',
    type: store?.type ?? (user.type === 3 ? 3 : ''),
  };

  const submit = async (values: StoreValues, helpers: { setErrors: (e: Record<string, string>) => void }) => {
    const { hours, ...clean } = schema.cast({ ...values, user_id: isAdmin && !store ? values.user_id : undefined });
    // opening hours travel as JSON text in the multipart form (the API parses it)
    if (hours) Object.assign(clean, { hours: JSON.stringify(hours) });
    upload.start();
    const saved = await saveWithFeedback(
      () =>
        save.mutateAsync({
          id: store?.id ?? null,
          body: toFormData(clean, image),
          onUploadProgress: upload.onUploadProgress,
        }),
      store ? t('form.updated') : t('stores.created'),
      helpers,
    );
    upload.done();
    if (!saved) return;
    if (creatingOwn) {
      // has_store is now true: refresh the session user, then move on (leaving the form first, so it
      // does not reload itself as an edit form).
      let fresh: User;
      try {
        fresh = await queryClient.fetchQuery({ ...userQueryOptions(), staleTime: 0, retry: false });
      } catch {
        fresh = { ...user, has_store: true, store: { ...saved } };
      }
      navigate(dashboardPaths.home.getHref());
      // The relay chose this socket's rooms when it had no store: reconnect with the same token so it
      // joins store:{id}; the outbox and open conversations carry over.
      setUserData(queryClient, fresh);
      useRealtime.getState().refreshIdentity();
    } else if (isAdmin) navigate(dashboardPaths.storeList.getHref());
  };

  const title = store ? t('stores.edit') : isAdmin ? t('stores.add') : t('stores.createOwn');
  return (
    <ScreenFrame title={title}>
      {creatingOwn && <Text color="fg.muted">{t('stores.createOwnText')}</Text>}
      <FormCard guarded>
        <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={title}>
              <Stack gap="4">
                {isAdmin && !store && (
                  <Stack gap="1">
                    <FormField name="user_id" label={t('stores.ownerId')} numeric="integer" dir="ltr" />
                    <Text fontSize="sm" color="fg.muted">
                      {t('stores.ownerIdHint')}
                    </Text>
                  </Stack>
                )}
                <FormField name="name_store" label={t('stores.name')} />
                <SelectField
                  name="type"
                  label={t('stores.type')}
                  options={storeTypeOptions(lang)}
                  placeholder={t('stores.choose')}
                />
                <SelectField
                  name="city"
                  label={t('stores.city')}
                  options={provinceOptions(lang)}
                  placeholder={t('stores.choose')}
                />
                <FormField name="address" label={t('stores.address')} />
                <ImageField
                  current={store?.image ?? null}
                  value={image}
                  onChange={setImage}
                  progress={upload.progress}
                />
                <FormActions
                  submitting={isSubmitting}
                  cancelTo={isAdmin ? dashboardPaths.storeList.getHref() : undefined}
                />
              </Stack>
            </Form>
          )}
        </Formik>
      </FormCard>
      {store && <StoreHoursForm store={store} />}
    </ScreenFrame>
  );
}

function StoreFormLoader({ user }: { user: User }) {
  const idParam = useIdParam('id');
  // The admin's "create a store" link on user/list names the owner (?user_id=).
  const ownerParam = useIdParam('user_id');
  // A store account edits its own store (fixed when the screen opens: creating one must not turn this
  // form into an edit form); the admin the one named by ?id=.
  const [ownId] = useState(user.store?.id ?? null);
  const id = user.type === 0 ? idParam : ownId;
  const query = useStore(id);
  const failure = failureOf(query);
  if (id === null) return <StoreFormView key={`new-${ownerParam}`} store={null} user={user} ownerId={ownerParam} />;
  if (!query.data)
    return failure ? <ErrorState error={failure} onRetry={() => void query.refetch()} /> : <LoadingState />;
  return <StoreFormView key={id} store={query.data} user={user} />;
}

export default function StoreFormRoute() {
  const user = useUser();
  return user ? <StoreFormLoader user={user} /> : <LoadingState />;
}
