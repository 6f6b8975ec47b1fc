/**
 * Checkout's delivery details (CONTRACT.md §7): province + address, phone, an optional note. Pre-filled
 * from the farmer's profile (province, address, phone); "save this address to my account" writes the
 * province and address back (user/update) once the order is placed. Digits typed in Arabic-Indic or
 * Persian become 0-9 as typed.
 */
import { deliverySchema, LIMITS, PROVINCES, type User, yup } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Checkbox } from '@chakra-ui/react/checkbox';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack } from '@chakra-ui/react/stack';
import { Textarea } from '@chakra-ui/react/textarea';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme';
import { Form, Formik, useField } from 'formik';
import { type ReactNode, useId, useMemo } from 'react';
import { MdSend } from 'react-icons/md';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { currentLang } from '@/i18n';
import { fieldRecipe, nativeSelectRecipe, textareaRecipe } from '@/lib/theme/slot-recipes';
import type { DeliveryInput } from '@/api/orders';

export interface DeliveryValues {
  province: string;
  address: string;
  phone: string;
  note: string;
  save: boolean;
}

/** The form's first values: the profile's province, address and phone. */
export function initialDelivery(user: Pick<User, 'province' | 'address' | 'phone'> | null): DeliveryValues {
  return {
    province: user?.province ? String(user.province) : '',
    address: user?.address ?? '',
    phone: user?.phone ?? '',
    note: '',
    save: !user?.address || !user.province,
  };
}

/** The values as order/create takes them (the schema casts digits and trims). */
export function toDelivery(values: DeliveryValues): DeliveryInput {
  const cast = deliverySchema(currentLang()).cast(
    { province: values.province, address: values.address, phone: values.phone, note: values.note || null },
    { stripUnknown: true },
  );
  return {
    province: Number(cast.province),
    address: String(cast.address),
    phone: String(cast.phone),
    note: cast.note ? String(cast.note) : null,
  };
}

function ProvinceField({ disabled }: { disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const [field, meta] = useField<string>('province');
  const id = useId();
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid} disabled={disabled}>
      <Field.Label htmlFor={id}>{t('checkout.province')}</Field.Label>
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

function NoteField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const [field, meta] = useField<string>('note');
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root recipe={fieldRecipe} invalid={invalid} disabled={disabled}>
      <Field.Label>{t('checkout.note')}</Field.Label>
      <Textarea
        recipe={textareaRecipe}
        {...field}
        rows={2}
        dir="auto"
        maxLength={LIMITS.deliveryNoteMax}
        placeholder={t('checkout.notePlaceholder')}
      />
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}

function SaveField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const [field, , helpers] = useField<boolean>('save');
  return (
    <Checkbox.Root
      recipe={checkboxSlotRecipe}
      colorPalette="green"
      checked={field.value}
      disabled={disabled}
      onCheckedChange={(e) => void helpers.setValue(e.checked === true)}
    >
      <Checkbox.HiddenInput name="save" />
      <Checkbox.Control />
      <Checkbox.Label>{t('checkout.saveAddress')}</Checkbox.Label>
    </Checkbox.Root>
  );
}

interface DeliveryFormProps {
  user: Pick<User, 'province' | 'address' | 'phone'> | null;
  /** Locked: an order is pending, or the store takes no orders. */
  disabled?: boolean;
  sending?: boolean;
  onSubmit: (delivery: DeliveryInput, saveToProfile: boolean) => void;
  /** Shown above the button (the total). */
  children?: ReactNode;
}

export function DeliveryForm({ user, disabled, sending, onSubmit, children }: DeliveryFormProps) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when the language changes.
  const schema = useMemo(() => deliverySchema(currentLang()).shape({ save: yup.boolean() }), [i18n.language]);
  return (
    <Formik<DeliveryValues>
      initialValues={initialDelivery(user)}
      validationSchema={schema}
      onSubmit={(values) => onSubmit(toDelivery(values), values.save)}
    >
      <Form noValidate aria-labelledby="delivery-heading">
        <Stack gap="4" borderWidth="1px" rounded="lg" p={{ base: '3', md: '5' }}>
          <Heading as="h2" size="md" id="delivery-heading">
            {t('checkout.title')}
          </Heading>
          <ProvinceField disabled={disabled} />
          <FormField
            name="address"
            label={t('checkout.address')}
            autoComplete="street-address"
            placeholder={t('checkout.addressPlaceholder')}
            disabled={disabled}
          />
          <FormField
            name="phone"
            label={t('checkout.phone')}
            type="tel"
            numeric="phone"
            autoComplete="tel"
            dir="ltr"
            disabled={disabled}
          />
          <NoteField disabled={disabled} />
          <SaveField disabled={disabled} />
          {children}
          <Button
            type="submit"
            size="lg"
            colorPalette="green"
            loading={sending}
            loadingText={t('cart.sending')}
            disabled={disabled}
          >
            <MdSend className="icon-flip-rtl" aria-hidden />
            {t('cart.placeOrder')}
          </Button>
        </Stack>
      </Form>
    </Formik>
  );
}
