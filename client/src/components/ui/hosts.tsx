/**
 * App-wide overlays mounted once their code is in: the app providers render <Hosts />, and toaster.tsx
 * and confirm-dialog.tsx add their host (mountHost) when a screen that calls notify() or confirm()
 * imports them, so neither is part of the first load. The initial state (none) is what the server
 * renders and what hydration sees; the hosts themselves render nothing until first used.
 */
import type { ComponentType } from 'react';
import { create } from 'zustand';

const useHosts = create<Record<string, ComponentType>>(() => ({}));

export function mountHost(name: string, Component: ComponentType): void {
  useHosts.setState({ [name]: Component });
}

export function Hosts() {
  const hosts = useHosts();
  return Object.entries(hosts).map(([name, Host]) => <Host key={name} />);
}
