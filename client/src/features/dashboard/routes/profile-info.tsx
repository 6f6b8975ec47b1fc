/** profile/info: the signed-in user's name, phone, address and image (POST user/update/{id}). */
import { type User, userUpdateSchema, validationMessages, type yup } from '@agrivet/shared';
import { Stack } from '@chakra-ui/react/stack';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { LoadingState } from '@/components/ui/states';
import type { CompressedImage } from '@/lib/compress-image';
import { useUser } from '@/api/auth';
import { useUpdateUser } from '@/api/users';
import { FormActions } from '@/features/dashboard/components/form-actions';
import { FormCard } from '@/features/dashboard/components/form-card';
import { ImageField } from '@/features/dashboard/components/image-field';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { toFormData } from '@/features/dashboard/lib/form-data';
import { saveWithFeedback } from '@/features/dashboard/lib/save-form';
import { useUploadProgress } from '@/features/dashboard/lib/use-upload-progress';

interface ProfileValues {
  name: string;
  phone: string;
  address: string;
}

function ProfileForm({ user }: { user: User }) {
  const { t, lang } = useDashboardT();
  // The shared update schema with name and phone required on this form.
  const schema = useMemo(() => {
    const base = userUpdateSchema(lang);
    return base.shape({
      name: (base.fields.name as unknown as yup.StringSchema).required(validationMessages[lang].required),
      phone: (base.fields.phone as unknown as yup.StringSchema).required(validationMessages[lang].required),
    });
  }, [lang]);
  const [image, setImage] = useState<CompressedImage | null>(null);
  const upload = useUploadProgress();
  const update = useUpdateUser();
  const initial: ProfileValues = { name: user.name, phone: user.phone, address: user.address ?? '' };

  const submit = async (values: ProfileValues, helpers: { setErrors: (e: Record<string, string>) => void }) => {
    const clean = schema.cast(values);
    upload.start();
    const saved = await saveWithFeedback(
      () =>
        update.mutateAsync({
          id: user.id,
          body: toFormData({ name: clean.name, phone: clean.phone, address: clean.address ?? '' }, image),
          onUploadProgress: upload.onUploadProgress,
        }),
      t('profile.saved'),
      helpers,
    );
    upload.done();
    if (saved) {
      setImage(null);
    }
  };

  return (
    <FormCard>
      <Formik initialValues={initial} validationSchema={schema} onSubmit={submit} enableReinitialize>
        {({ isSubmitting }) => (
          <Form noValidate aria-label={t('profile.info')}>
            <Stack gap="4">
              <FormField name="name" label={t('profile.name')} autoComplete="name" />
              <FormField
                name="phone"
                label={t('profile.phone')}
                type="tel"
                numeric="phone"
                dir="ltr"
                autoComplete="tel"
              />
              <FormField name="address" label={t('profile.address')} autoComplete="street-address" />
              <ImageField current={user.image} value={image} onChange={setImage} progress={upload.progress} />
              <FormActions submitting={isSubmitting} />
            </Stack>
          </Form>
        )}
      </Formik>
    </FormCard>
  );
}

export default function ProfileInfoRoute() {
  const { t } = useDashboardT();
  const user = useUser();
  return <ScreenFrame title={t('profile.info')}>{user ? <ProfileForm user={user} /> : <LoadingState />}</ScreenFrame>;
}
