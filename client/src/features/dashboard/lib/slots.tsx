/**
 * What the dashboard shows of other features, handed in by the app (app/router.tsx composes it:
 * features do not import each other) through `dashboardRoutes(slots)`. Provided around the layout by
 * DashboardShell in the lazy dashboard chunk (components/dashboard-entry.tsx), so the first load
 * carries only the types.
 */
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** The live chat thread of features/chat (the admin shows it read-only on /conversation/{id}). */
export interface ChatThreadProps {
  conversationId: number;
  readOnly?: boolean;
}

export interface DashboardSlots {
  ChatThread: ComponentType<ChatThreadProps>;
}

const DashboardSlotsContext = createContext<DashboardSlots | null>(null);

export function DashboardSlotsProvider({ slots, children }: { slots: DashboardSlots; children: ReactNode }) {
  return <DashboardSlotsContext.Provider value={slots}>{children}</DashboardSlotsContext.Provider>;
}

export function useDashboardSlots(): DashboardSlots {
  const slots = useContext(DashboardSlotsContext);
  if (!slots) throw new Error('useDashboardSlots: no DashboardSlotsProvider (DashboardShell mounts one)');
  return slots;
}
