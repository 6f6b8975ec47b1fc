/**
 * The router's navigate for code outside React's tree — a toast raised by a live event (a new message, an
 * order's new state) whose button opens the screen it tells of. <NavigationBridge /> (in the browser's
 * router, app/router.tsx) hands over react-router's own `navigate`; before it has mounted, or if it is
 * gone, the browser loads the page instead.
 */
import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router-dom';

let current: NavigateFunction | null = null;

export function navigateTo(to: string): void {
  if (current) void current(to);
  else globalThis.location?.assign(to);
}

/** Renders nothing: keeps `navigateTo` on the router's navigate while mounted. */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    current = navigate;
    return () => {
      if (current === navigate) current = null;
    };
  }, [navigate]);
  return null;
}
