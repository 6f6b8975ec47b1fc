/** A message's menu (delete), loaded after the thread is on screen (features/chat/lib/after-paint.ts). */
import { IconButton } from '@chakra-ui/react/button';
import { Menu } from '@chakra-ui/react/menu';
import { Portal } from '@chakra-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { MdExpandMore } from 'react-icons/md';
import { menuRecipe } from '@/lib/theme/slot-recipes';

export function DeleteMenu({ onDelete }: { onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu.Root recipe={menuRecipe} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label={t('thread.menu')} size="2xs" variant="ghost" color="fg.muted" minW="6" h="6">
          <MdExpandMore />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <Menu.Item value="delete" color="fg.error" onSelect={onDelete}>
              {t('thread.delete')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
