/**
 * The one chunk the app router loads for the dashboard: the layout, with what the app hands in from
 * other features (lib/slots.tsx) provided around it, and the guarded screen loader.
 */
import { type DashboardSlots, DashboardSlotsProvider } from '@/features/dashboard/lib/slots';
import DashboardLayout from './dashboard-layout';

export { default as DashboardScreen } from './dashboard-screen';

export function DashboardShell({ slots }: { slots: DashboardSlots }) {
  return (
    <DashboardSlotsProvider slots={slots}>
      <DashboardLayout />
    </DashboardSlotsProvider>
  );
}
