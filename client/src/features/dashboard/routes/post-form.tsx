/** blog/add (create) and blog/add?id=… (edit): title, description, optional image, is_special. */
import { type Post, postSchema } from '@agrivet/shared';
import { Stack } from '@chakra-ui/react/stack';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { ErrorState, LoadingState } from '@/components/ui/states';
import type { CompressedImage } from '@/lib/compress-image';
import { failureOf } from '@/lib/query-client';
import { usePost } from '@/api/posts';
import { useSavePost } from '@/api/posts';
import { CheckboxField } from '@/features/dashboard/components/checkbox-field';
import { FormActions } from '@/features/dashboard/components/form-actions';
import { FormCard } from '@/features/dashboard/components/form-card';
import { ImageField } from '@/features/dashboard/components/image-field';
import { ScreenFrame } from '@/features/dashboard/components/screen-frame';
import { TextareaField } from '@/features/dashboard/components/textarea-field';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { dashboardPaths } from '@/features/dashboard/lib/dashboard-paths';
import { toFormData } from '@/features/dashboard/lib/form-data';
import { saveWithFeedback } from '@/features/dashboard/lib/save-form';
import { useIdParam } from '@/features/dashboard/lib/use-page-param';
import { useUploadProgress } from '@/features/dashboard/lib/use-upload-progress';

interface PostValues {
  title: string;
  description: string;
  is_special: boolean;
}

function PostFormView({ post }: { post: Post | null }) {
  const { t, lang } = useDashboardT();
  const navigate = useNavigate();
  const schema = useMemo(() => postSchema(lang), [lang]);
  const [image, setImage] = useState<CompressedImage | null>(null);
  const upload = useUploadProgress();
  const save = useSavePost();
  const initial: PostValues = {
    title: post?.title ?? '',
    description: post?.description ?? '',
    is_special: post?.is_special ?? false,
  };

  const submit = async (values: PostValues, helpers: { setErrors: (e: Record<string, string>) => void }) => {
    const clean = schema.cast(values);
    upload.start();
    const saved = await saveWithFeedback(
      () =>
        save.mutateAsync({
          id: post?.id ?? null,
          body: toFormData(clean, image),
          onUploadProgress: upload.onUploadProgress,
        }),
      post ? t('form.updated') : t('posts.created'),
      helpers,
    );
    upload.done();
    if (saved) navigate(dashboardPaths.blogList.getHref());
  };

  return (
    <ScreenFrame title={post ? t('posts.edit') : t('posts.add')}>
      <FormCard guarded>
        <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label={post ? t('posts.edit') : t('posts.add')}>
              <Stack gap="4">
                <FormField name="title" label={t('posts.title')} />
                <TextareaField name="description" label={t('posts.description')} rows={8} />
                <CheckboxField name="is_special" label={t('form.isSpecial')} />
                <ImageField
                  current={post?.image ?? null}
                  value={image}
                  onChange={setImage}
                  progress={upload.progress}
                />
                <FormActions submitting={isSubmitting} cancelTo={dashboardPaths.blogList.getHref()} />
              </Stack>
            </Form>
          )}
        </Formik>
      </FormCard>
    </ScreenFrame>
  );
}

export default function PostFormRoute() {
  const id = useIdParam('id');
  const query = usePost(id);
  const failure = failureOf(query);
  if (id === null) return <PostFormView key="new" post={null} />;
  if (!query.data)
    return failure ? <ErrorState error={failure} onRetry={() => void query.refetch()} /> : <LoadingState />;
  return <PostFormView key={id} post={query.data} />;
}
