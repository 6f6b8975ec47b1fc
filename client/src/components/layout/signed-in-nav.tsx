/**
 * The links of a signed-in account (loaded only when someone is signed in): chats with the unread
 * badge, my orders with its updates badge and the carts (hidden for disabled accounts, status 1), the
 * account (farmers) or the dashboard (other accounts).
 *
 * On a wide screen (≥ md) they sit in the top bar, icons with their names from lg. On a phone the top bar
 * has no room for them (the chats icon used to slide under the logo at 360 px): they form a bottom
 * navigation bar, fixed to the screen's foot, each entry an icon over its name, and the page gets as much
 * room at its end so the footer is not hidden behind it. Only one of the two is rendered (a media query in
 * JS: this chunk never renders on the server), so every link and badge exists once.
 *
 * Each entry is a `NavEntry`; its name comes from its content (the label, shown or screen-reader-only,
 * and the count in words), so the accessible name always contains the visible text. The chats entry is
 * `ChatsEntry`: feed it another count (e.g. a store's inbox) through its `count` prop.
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Global } from '@emotion/react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { MdChatBubbleOutline, MdDashboard, MdPerson, MdReceiptLong, MdShoppingCart } from 'react-icons/md';
import { NavLink } from 'react-router-dom';
import { canOrderAndChat as mayOrderAndChat, useUser } from '@/api/auth';
import { dashboardHome, paths } from '@/config/paths';
import { selectTotalCount, useCart } from '@/stores/cart';
import { useUnreadTotal } from '@/api/conversations';
import { useOrderUpdates } from '@/stores/order-updates';

/** Chakra's md breakpoint: from here the links fit in the top bar. */
const WIDE = '(min-width: 48em)';
/** The bottom bar's height (without the phone's own bottom inset). */
export const BOTTOM_NAV_HEIGHT = '3.75rem';

const subscribeWide = (onChange: () => void) => {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};

/** Whether the screen is at least md wide (true on the server: never used there). */
export function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

type Placement = 'top' | 'bottom';

interface NavEntryProps {
  to: string;
  icon: ReactNode;
  label: string;
  /** A count shown as a badge (hidden at 0) and read out as `countText`. */
  count?: number;
  countText?: string;
  palette?: 'red' | 'orange' | 'green';
  testId?: string;
  placement: Placement;
  /** In the top bar, the name for screen readers only at every width (the cart's icon and count say it). */
  iconOnly?: boolean;
  /** Read out `countText` at 0 too. */
  speakZero?: boolean;
}

/** One link: icon, name (always in the accessible name), and a badge with its count. */
export function NavEntry({
  to,
  icon,
  label,
  count = 0,
  countText,
  palette = 'red',
  testId,
  placement,
  iconOnly,
  speakZero,
}: NavEntryProps) {
  const shown = count > 0;
  const badge = shown && (
    <Badge
      colorPalette={palette}
      variant="solid"
      rounded="full"
      size="sm"
      data-testid={testId}
      aria-hidden
      {...(placement === 'bottom'
        ? { position: 'absolute', top: '0.5', insetStart: '50%', ms: '1.5', minW: '5', justifyContent: 'center' }
        : {})}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
  const spoken = (shown || speakZero) && countText ? <Box as="span" srOnly>{` — ${countText}`}</Box> : null;
  if (placement === 'bottom') {
    return (
      <Box
        asChild
        flex="1"
        minW="0"
        display="flex"
        flexDirection="column"
        alignItems="center"
        justifyContent="center"
        gap="0.5"
        position="relative"
        color="fg.muted"
        fontSize="xs"
        fontWeight="medium"
        css={{
          '& svg': { width: '6', height: '6' },
          '&.active': { color: 'green.700', fontWeight: 'bold' },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'green.600', outlineOffset: '-2px' },
        }}
      >
        <NavLink to={to}>
          {icon}
          <Box as="span" truncate maxW="full" px="1">
            {label}
          </Box>
          {badge}
          {spoken}
        </NavLink>
      </Box>
    );
  }
  return (
    <Button asChild size="sm" variant="ghost">
      <NavLink to={to}>
        {icon}
        {/* The name stays in the accessible name when only the icon shows (md to lg). */}
        <Box as="span" srOnly={iconOnly ? true : { base: true, lg: false }}>
          {label}
        </Box>
        {badge}
        {spoken}
      </NavLink>
    </Button>
  );
}

/** The chats entry with its unread badge — the one place that tells a farmer a vet answered. */
export function ChatsEntry({ count, placement }: { count: number; placement: Placement }) {
  const { t } = useTranslation();
  return (
    <NavEntry
      to={paths.chatList.getHref()}
      icon={<MdChatBubbleOutline aria-hidden />}
      label={t('nav.chats')}
      count={count}
      countText={t('nav.unread', { count })}
      palette="red"
      testId="unread-badge"
      placement={placement}
    />
  );
}

function Entries({ placement }: { placement: Placement }) {
  const { t } = useTranslation();
  const user = useUser();
  const canOrderAndChat = mayOrderAndChat(user);
  const unread = useUnreadTotal(canOrderAndChat);
  const cartTotal = useCart(selectTotalCount);
  const orderUpdates = useOrderUpdates((s) => s.changed.length);
  const bottom = placement === 'bottom';
  return (
    <>
      {canOrderAndChat && (
        <>
          <ChatsEntry count={unread} placement={placement} />
          <NavEntry
            to={paths.myOrders.getHref()}
            icon={<MdReceiptLong aria-hidden />}
            label={t('nav.myOrders')}
            count={orderUpdates}
            countText={t('reviews.changedBadge', { count: orderUpdates })}
            palette="orange"
            testId="orders-badge"
            placement={placement}
          />
          <NavEntry
            to={paths.carts.getHref()}
            icon={<MdShoppingCart aria-hidden />}
            label={bottom ? t('bottomNav.cart') : t('checkout.cartLink', { count: cartTotal })}
            count={cartTotal}
            // The same words as the top bar's link ("كل السلال (3)") after the visible name.
            countText={bottom ? t('checkout.cartLink', { count: cartTotal }) : undefined}
            speakZero
            palette="green"
            testId="cart-count"
            placement={placement}
            iconOnly
          />
        </>
      )}
      {user && user.type === 2 && (
        <NavEntry
          to={paths.account.getHref()}
          icon={<MdPerson aria-hidden />}
          label={t('account.link')}
          placement={placement}
        />
      )}
      {user && user.type !== 2 && (
        <NavEntry
          to={dashboardHome(user.type)}
          icon={<MdDashboard aria-hidden />}
          label={t('nav.dashboard')}
          placement={placement}
        />
      )}
    </>
  );
}

/** The bottom bar of a phone, and room for it at the page's end. */
function BottomNav() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null;
  return (
    <>
      <Global styles={{ body: { paddingBottom: `calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom, 0px))` } }} />
      <Box
        as="nav"
        aria-label={t('bottomNav.label')}
        position="fixed"
        insetX="0"
        bottom="0"
        zIndex="sticky"
        bg="bg"
        borderTopWidth="1px"
        shadow="0 -1px 4px rgba(0, 0, 0, 0.06)"
        display="flex"
        alignItems="stretch"
        h={`calc(${BOTTOM_NAV_HEIGHT} + env(safe-area-inset-bottom, 0px))`}
        pb="env(safe-area-inset-bottom, 0px)"
        data-testid="bottom-nav"
      >
        <Entries placement="bottom" />
      </Box>
    </>
  );
}

export default function SignedInNav() {
  const wide = useIsWide();
  return wide ? <Entries placement="top" /> : <BottomNav />;
}
