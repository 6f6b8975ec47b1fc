/**
 * The section links under the top bar (pharmacies, clinics, nurseries, articles). Their full names do not
 * fit a 360 px phone (the last one, «نقطة العافية», was cut off at the edge): below sm each shows a short
 * name («الصيدليات», «العيادات»), the full one staying its accessible name (which contains the short one,
 * as a spoken command would say it), so the four fit side by side. Should they still not fit (a larger
 * font setting, a longer translation) the row scrolls sideways and shows it — a shadow on the edge where
 * more links wait (pure CSS scroll shadows, so they are there before the page's code runs) — and the
 * current section's link is scrolled into view when the route changes.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { HStack } from '@chakra-ui/react/stack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

const sectionLinks = [
  { to: paths.pharmacies.getHref(), key: 'nav.pharmacies', short: 'sectionNav.pharmacies' },
  { to: paths.clinics.getHref(), key: 'nav.clinics', short: 'sectionNav.clinics' },
  { to: paths.nurseries.getHref(), key: 'nav.nurseries', short: 'sectionNav.nurseries' },
  { to: paths.blog.getHref(), key: 'nav.blog', short: 'sectionNav.blog' },
] as const;

/**
 * Scroll shadows (Lea Verou's technique): two covers in the page's colour scroll with the content
 * (`local`) and hide two shadows fixed to the box's edges (`scroll`) while the row is at that end.
 * Physical left/right are right here: they are the box's edges, whatever the direction.
 */
const SCROLL_SHADOWS = {
  backgroundImage: [
    'linear-gradient(to right, var(--chakra-colors-bg) 30%, transparent)',
    'linear-gradient(to left, var(--chakra-colors-bg) 30%, transparent)',
    'radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), transparent)',
    'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent)',
  ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundRepeat: 'no-repeat',
  backgroundSize: '40px 100%, 40px 100%, 14px 100%, 14px 100%',
  backgroundAttachment: 'local, local, scroll, scroll',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
} as const;

export function SectionNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useRef<HTMLDivElement>(null);

  // The current section's link in view (the articles' link starts off-screen on a 360 px phone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each route change
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('a.active');
    if (!nav.current || !active) return;
    const box = nav.current.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    if (link.left >= box.left && link.right <= box.right) return;
    // Scroll the row only (never the page): centre the link in it.
    nav.current.scrollBy({ left: link.left + link.width / 2 - (box.left + box.width / 2), behavior: 'instant' });
  }, [pathname]);

  return (
    <HStack
      ref={nav}
      as="nav"
      aria-label={t('nav.mainNav')}
      gap="1"
      mt="2"
      overflowX="auto"
      whiteSpace="nowrap"
      css={SCROLL_SHADOWS}
    >
      {sectionLinks.map((l) => (
        <Button
          key={l.to}
          asChild
          size="sm"
          variant="ghost"
          flexShrink={0}
          px={{ base: '2.5', sm: '3' }}
          css={{ '&.active': { bg: 'green.100', color: 'green.800' } }}
        >
          <NavLink to={l.to} end aria-label={t(l.key)}>
            <Box as="span" hideFrom="sm">
              {t(l.short)}
            </Box>
            <Box as="span" hideBelow="sm">
              {t(l.key)}
            </Box>
          </NavLink>
        </Button>
      ))}
    </HStack>
  );
}
