/** The one chunk the app router loads for the dashboard: its layout and the guarded screen loader. */
export { default as DashboardLayout } from './dashboard-layout';
export { default as DashboardScreen } from './dashboard-screen';
