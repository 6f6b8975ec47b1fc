/**
 * The product's social pages in the footer. There are no official agrivet pages yet, so none is
 * hard-coded: each comes from the page (`<meta name="agrivet-social-facebook" content="https://…">`,
 * written by the server like the support phone) or from the build (VITE_SOCIAL_FACEBOOK,
 * VITE_SOCIAL_INSTAGRAM, VITE_SOCIAL_TELEGRAM). A network without an https URL is not shown; with
 * none, the footer's "follow us" block is hidden.
 */
export type SocialNetwork = 'facebook' | 'instagram' | 'telegram';

const NETWORKS: SocialNetwork[] = ['facebook', 'instagram', 'telegram'];

const isHttpsUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || !value.trim()) return false;
  try {
    return new URL(value.trim()).protocol === 'https:';
  } catch {
    return false;
  }
};

function read(network: SocialNetwork): string | null {
  const served =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>(`meta[name="agrivet-social-${network}"]`)?.content;
  if (isHttpsUrl(served)) return served.trim();
  const built = (import.meta.env as Record<string, unknown>)[`VITE_SOCIAL_${network.toUpperCase()}`];
  return isHttpsUrl(built) ? built.trim() : null;
}

/** The configured pages, in footer order. */
export function socialLinks(): { network: SocialNetwork; href: string }[] {
  return NETWORKS.flatMap((network) => {
    const href = read(network);
    return href ? [{ network, href }] : [];
  });
}
