/**
 * /blog/{id}: one article, with «مشاركة» (components/ui/share-button.tsx). An unknown id: «المقال غير
 * موجود» and the way to the other articles (components/ui/missing-page.tsx), a 404 from the server.
 */
import { Button } from '@chakra-ui/react/button';
import { Image } from '@chakra-ui/react/image';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MissingPage, useIsMissing } from '@/components/ui/missing-page';
import { Page } from '@/components/ui/page';
import { ShareButton } from '@/components/ui/share-button';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { fallbackToLogo, imageUrl } from '@/lib/images';
import { pageTitle } from '@/lib/page-title';
import { failureOf } from '@/lib/query-client';
import { usePost } from '@/api/posts';

export default function ArticleRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = usePost(id);
  const post = query.data;
  const failure = failureOf(query);
  if (useIsMissing(failure) && !post) return <MissingPage what="article" />;
  return (
    <Page
      title={post?.title ?? t('blog.title')}
      tab={post ? pageTitle(t, post.title) : null}
      actions={
        <Button asChild variant="ghost" size="sm">
          <RouterLink to={paths.blog.getHref()}>{t('blog.back')}</RouterLink>
        </Button>
      }
    >
      {!post ? (
        failure ? (
          <ErrorState error={failure} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : (
        <Stack as="article" gap="4" maxW="3xl">
          {post.image && (
            <Image
              src={imageUrl(post.image)}
              alt=""
              onError={fallbackToLogo}
              rounded="lg"
              // Its box is sized before the picture arrives: the text below does not move (no layout shift).
              w="full"
              aspectRatio={16 / 9}
              maxH="96"
              objectFit="cover"
            />
          )}
          <HStack justify="space-between" gap="2" flexWrap="wrap">
            <Text color="fg.muted">{t('blog.by', { name: post.author.name })}</Text>
            <ShareButton path={paths.article.getHref(post.id)} title={post.title} />
          </HStack>
          <Text whiteSpace="pre-line" lineHeight="tall" fontSize="lg" dir="auto">
            {post.description}
          </Text>
        </Stack>
      )}
    </Page>
  );
}
