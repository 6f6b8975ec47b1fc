/**
 * The one chunk the app router loads for the dashboard: its layout, the guarded screen loader and the
 * provider of what the app hands in from other features (lib/slots.tsx).
 */
export { DashboardSlotsProvider } from '../lib/slots';
export { default as DashboardLayout } from './dashboard-layout';
export { default as DashboardScreen } from './dashboard-screen';
