/**
 * product/add (create) and product/add/{id} (edit): name, type, price (numeric ≥ 0), is_special,
 * description, image. The admin reaches it only to edit.
 */
import { type Product, productSchema } from '@agrivet/shared';
import { Stack } from '@chakra-ui/react/stack';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { CompressedImage } from '@/lib/compress-image';
import { failureOf } from '@/lib/query-client';
import { useProduct } from '@/api/products';
import { useSaveProduct } from '@/api/products';
import { CheckboxField } from '@/features/dashboard/components/checkbox-field';
import { FormActions } from '@/features/dashboard/components/form-actions';
import { FormCard } from '@/features/dashboard/components/form-card';
import { ImageField } from '@/features/dashboard/components/image-field';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { SelectField } from '@/features/dashboard/components/select-field';
import { TextareaField } from '@/features/dashboard/components/textarea-field';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { toFormData } from '@/features/dashboard/lib/form-data';
import { productTypeOptions } from '@/features/dashboard/lib/options';
import { saveWithFeedback } from '@/features/dashboard/lib/save-form';
import { useUploadProgress } from '@/features/dashboard/lib/use-upload-progress';

interface ProductValues {
  name: string;
  type: number | '';
  price: string;
  is_special: boolean;
  description: string;
}

function ProductFormView({ product }: { product: Product | null }) {
  const { t, lang } = useDashboardT();
  const navigate = useNavigate();
  const schema = useMemo(() => productSchema(lang), [lang]);
  const [image, setImage] = useState<CompressedImage | null>(null);
  const upload = useUploadProgress();
  const save = useSaveProduct();
  const initial: ProductValues = {
    name: product?.name ?? '',
    type: product?.type ?? '',
    price: product?.price ?? '',
    is_special: product?.is_special ?? false,
    description: product?.description ?? '',
  };
  const listHref = dashboardPaths.productList.getHref();

  const submit = async (values: ProductValues, helpers: { setErrors: (e: Record<string, string>) => void }) => {
    const clean = schema.cast(values);
    upload.start();
    const saved = await saveWithFeedback(
      () =>
        save.mutateAsync({
          id: product?.id ?? null,
          body: toFormData({ ...clean, description: clean.description ?? '' }, image),
          onUploadProgress: upload.onUploadProgress,
        }),
      product ? t('form.updated') : t('products.created'),
      helpers,
    );
    upload.done();
    if (saved) navigate(listHref);
  };

  const title = product ? t('products.edit') : t('products.add');
  return (
    <ScreenFrame title={title}>
      <FormCard guarded>
        <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={title}>
              <Stack gap="4">
                <FormField name="name" label={t('products.name')} />
                <SelectField
                  name="type"
                  label={t('products.type')}
                  options={productTypeOptions(lang)}
                  placeholder={t('stores.choose')}
                />
                <FormField name="price" label={t('products.price')} numeric="decimal" dir="ltr" />
                <CheckboxField name="is_special" label={t('form.isSpecial')} />
                <TextareaField name="description" label={t('products.description')} rows={4} />
                <ImageField
                  current={product?.image ?? null}
                  value={image}
                  onChange={setImage}
                  progress={upload.progress}
                />
                <FormActions submitting={isSubmitting} cancelTo={listHref} />
              </Stack>
            </Form>
          )}
        </Formik>
      </FormCard>
    </ScreenFrame>
  );
}

export default function ProductFormRoute() {
  const { t } = useDashboardT();
  const raw = useParams().id;
  const id = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
  const query = useProduct(id);
  const failure = failureOf(query);
  if (raw !== undefined && id === null) return <ErrorState error={new Error(t('form.notFound'))} />;
  if (id === null) return <ProductFormView key="new" product={null} />;
  if (!query.data)
    return failure ? <ErrorState error={failure} onRetry={() => void query.refetch()} /> : <LoadingState />;
  return <ProductFormView key={id} product={query.data} />;
}
