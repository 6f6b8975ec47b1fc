/**
 * /account: the farmer's own account (public layout): name, phone, province + address (pre-filled at
 * checkout), photo (user/update/{id}), and the password (auth/change-password). Field errors from the
 * API (422 `fields`, 409 phone taken) show beside the fields.
 */
import {
  changePasswordSchema,
  PROVINCES,
  type User,
  userUpdateSchema,
  validationMessages,
  type yup,
} from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Form, Formik, type FormikHelpers, useField } from 'formik';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Page } from '@/components/ui/page';
import { LoadingState } from '@/components/ui/states';
import { notify } from '@/components/ui/toaster';
import { currentLang } from '@/i18n';
import { ApiError, hasErrorCode } from '@/lib/api-error';
import type { CompressedImage } from '@/lib/compress-image';
import { fieldRecipe, nativeSelectRecipe } from '@/lib/theme/slot-recipes';
import { useUser } from '@/api/auth';
import { changePassword } from '@/api/auth';
import { useUpdateUser } from '@/api/users';
import { profileFormData } from '@/features/account/lib/profile-form';
import { PhotoField } from '@/features/account/components/photo-field';

interface ProfileValues {
  name: string;
  phone: string;
  province: string;
  address: string;
}

function ProvinceSelect() {
  const { t, i18n } = useTranslation();
  const [field, meta] = useField<string>('province');
  const id = useId();
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid}>
      <Field.Label htmlFor={id}>{t('account.province')}</Field.Label>
      <NativeSelect.Root recipe={nativeSelectRecipe} size="lg">
        <NativeSelect.Field id={id} {...field} autoComplete="address-level1">
          <option value="">{t('checkout.chooseProvince')}</option>
          {PROVINCES.map((p) => (
            <option key={p.id} value={p.id}>
              {i18n.language === 'en' ? p.name_en : p.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** 422 field messages and a taken phone (409) beside their fields; every failure as a toast too. */
function showFailure<T>(err: unknown, helpers: FormikHelpers<T>, action: string, conflictField?: string) {
  if (err instanceof ApiError && Object.keys(err.fields).length > 0) helpers.setErrors(err.fields as never);
  else if (conflictField && hasErrorCode(err, 'conflict')) helpers.setErrors({ [conflictField]: err.message } as never);
  notify.error(err, undefined, { action });
}

function ProfileForm({ user }: { user: User }) {
  const updateUser = useUpdateUser();
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes.
  const schema = useMemo(() => {
    const lang = currentLang();
    const base = userUpdateSchema(lang);
    return base.shape({
      name: (base.fields.name as unknown as yup.StringSchema).required(validationMessages[lang].required),
      phone: (base.fields.phone as unknown as yup.StringSchema).required(validationMessages[lang].required),
    });
  }, [i18n.language]);
  const [image, setImage] = useState<CompressedImage | null>(null);
  const initial: ProfileValues = {
    name: user.name,
    phone: user.phone,
    province: user.province ? String(user.province) : '',
    address: user.address ?? '',
  };

  const submit = async (values: ProfileValues, helpers: FormikHelpers<ProfileValues>) => {
    const clean = schema.cast({ ...values, province: values.province || null });
    try {
      await updateUser.mutateAsync({
        id: user.id,
        body: profileFormData(
          {
            name: String(clean.name),
            phone: String(clean.phone),
            province: clean.province ? Number(clean.province) : null,
            address: String(clean.address ?? ''),
          },
          image,
        ),
      });
      setImage(null);
      notify.success(t('account.saved'), { action: 'account-profile' });
    } catch (err) {
      showFailure(err, helpers, 'account-profile', 'phone');
    }
  };

  return (
    <Formik initialValues={initial} validationSchema={schema} onSubmit={submit} enableReinitialize>
      {({ isSubmitting }) => (
        <Form noValidate aria-labelledby="profile-heading">
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '3', md: '5' }}>
            <Heading as="h2" size="md" id="profile-heading">
              {t('account.profile')}
            </Heading>
            <FormField name="name" label={t('account.name')} autoComplete="name" />
            <FormField
              name="phone"
              label={t('account.phone')}
              type="tel"
              numeric="phone"
              autoComplete="tel"
              dir="ltr"
            />
            <ProvinceSelect />
            <FormField
              name="address"
              label={t('account.address')}
              autoComplete="street-address"
              placeholder={t('checkout.addressPlaceholder')}
            />
            <PhotoField current={user.image} value={image} onChange={setImage} />
            <Button type="submit" colorPalette="green" size="lg" loading={isSubmitting}>
              {t('account.save')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

function PasswordForm() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes.
  const schema = useMemo(() => changePasswordSchema(currentLang()), [i18n.language]);
  const submit = async (values: PasswordValues, helpers: FormikHelpers<PasswordValues>) => {
    try {
      await changePassword(values);
      helpers.resetForm();
      notify.success(t('account.passwordSaved'), { action: 'account-password' });
    } catch (err) {
      showFailure(err, helpers, 'account-password');
    }
  };
  return (
    <Formik
      initialValues={{ current_password: '', password: '', password_confirmation: '' }}
      validationSchema={schema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-labelledby="password-heading">
          <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '3', md: '5' }}>
            <Heading as="h2" size="md" id="password-heading">
              {t('account.password')}
            </Heading>
            <FormField
              name="current_password"
              label={t('account.oldPassword')}
              type="password"
              autoComplete="current-password"
            />
            <FormField name="password" label={t('account.newPassword')} type="password" autoComplete="new-password" />
            <FormField
              name="password_confirmation"
              label={t('account.confirmPassword')}
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" colorPalette="green" variant="outline" size="lg" loading={isSubmitting}>
              {t('account.password')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

export default function AccountRoute() {
  const { t } = useTranslation();
  const user = useUser();
  return (
    <Page title={t('account.title')}>
      {!user ? (
        <LoadingState />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" alignItems="start">
          <ProfileForm user={user} />
          <PasswordForm />
        </SimpleGrid>
      )}
    </Page>
  );
}
