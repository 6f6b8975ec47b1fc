/**
 * The dashboard's side bar as a drawer on phones (under md), with the language switch under sm (the top
 * bar has no room for it there). Its own chunk: dashboard-layout.tsx loads it on the first tap of the
 * menu, so Chakra's drawer (a dialog, its portal and presence) is not part of any screen's first load.
 */
import { Box } from '@chakra-ui/react/box';
import { Drawer } from '@chakra-ui/react/drawer';
import { Portal } from '@chakra-ui/react/portal';
import type { ComponentProps } from 'react';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { drawerRecipe } from '@/features/dashboard/lib/recipes';
import { SideNav } from './side-nav';

/** A drawer opened and closed by its owner (Chakra's controlled `open`). */
export interface DrawerState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function SideDrawer({
  user,
  open,
  onOpenChange,
}: DrawerState & { user: ComponentProps<typeof SideNav>['user'] }) {
  const { t } = useDashboardT();
  return (
    <Drawer.Root
      recipe={drawerRecipe}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="start"
      size="xs"
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('nav.sidebar')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body p="0">
              <SideNav user={user} onNavigate={() => onOpenChange(false)} />
            </Drawer.Body>
            {/* Under sm the top bar has no room for the language switch: it is here. */}
            <Drawer.Footer display={{ base: 'flex', sm: 'none' }} justifyContent="start" borderTopWidth="1px" py="3">
              <LanguageSwitch />
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <Box as="button" position="absolute" top="3" insetEnd="3" aria-label={t('nav.closeMenu')} fontSize="xl">
                ×
              </Box>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
