/**
 * App-wide overlays mounted once their code is in: the app providers render <Hosts />, and toaster.tsx
 * and confirm-dialog.tsx add their host (mountHost) when a screen that calls notify() or confirm()
 * imports them, so neither is part of the first load. The initial state (none) is what the server
 * renders and what hydration sees; the hosts themselves render nothing until first used.
 */
import type { ComponentType } from 'react';
import { create } from 'zustand';

interface Host {
  name: string;
  Component: ComponentType;
}

const useHosts = create<{ hosts: Host[] }>(() => ({ hosts: [] }));

export function mountHost(name: string, Component: ComponentType): void {
  const { hosts } = useHosts.getState();
  if (!hosts.some((h) => h.name === name)) useHosts.setState({ hosts: [...hosts, { name, Component }] });
}

export function Hosts() {
  const hosts = useHosts((s) => s.hosts);
  return hosts.map(({ name, Component }) => <Component key={name} />);
}
