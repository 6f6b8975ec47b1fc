/**
 * The customer's details as a sheet, for a phone or a narrow desk (customer-panel.tsx has them as a side
 * column on a wide screen). Its own chunk, loaded when first opened: Chakra's drawer is a dialog with its
 * portal and presence, no part of the inbox's first load.
 */
import type { InboxConversation } from '@agrivet/shared';
import { IconButton } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Portal } from '@chakra-ui/react/portal';
import { MdClose } from 'react-icons/md';
import { useDashboardT } from '@/features/dashboard/lib/i18n';
import { drawerRecipe } from '@/features/dashboard/lib/recipes';
import { CustomerDetails } from './customer-panel';
import type { DrawerState } from './side-drawer';

/** The customer's details as a sheet (from the foot on a phone, from the side on a desk). */
export default function CustomerSheet({ c, open, onOpenChange }: DrawerState & { c: InboxConversation }) {
  const { t } = useDashboardT();
  return (
    <Drawer.Root
      recipe={drawerRecipe}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement={{ base: 'bottom', md: 'end' }}
      size={{ base: 'md', md: 'sm' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop={{ base: 'xl', md: 'none' }} maxH={{ base: '85dvh', md: 'none' }}>
            <Drawer.Header>
              <Drawer.Title>{t('inbox.customer')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <CustomerDetails c={c} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild position="absolute" top="3" insetEnd="3">
              <IconButton size="sm" variant="ghost" aria-label={t('inbox.closeCustomer')}>
                <MdClose />
              </IconButton>
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
