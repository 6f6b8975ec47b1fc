import type { Post } from '@agrivet/shared';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ItemCard } from '@/components/ui/item-card';
import { paths } from '@/config/paths';

export function PostCard({ post, eager }: { post: Post; eager?: boolean }) {
  const { t } = useTranslation();
  return (
    <ItemCard
      image={post.image}
      title={post.title}
      special={post.is_special}
      eager={eager}
      actions={
        <Button asChild size="sm" variant="outline" colorPalette="green" flex="1">
          <RouterLink to={paths.article.getHref(post.id)} aria-label={`${t('blog.readMore')}: ${post.title}`}>
            {t('blog.readMore')}
          </RouterLink>
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted">
        {t('blog.by', { name: post.author.name })}
      </Text>
      <Text fontSize="sm" lineClamp={3}>
        {post.description}
      </Text>
    </ItemCard>
  );
}
