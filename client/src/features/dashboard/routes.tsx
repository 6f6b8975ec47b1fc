/**
 * Dashboard routes (SPEC.md §2 dashboard layout) — owned by the dashboard engineer.
 * The app router mounts this list as it is, at the top level, so each entry brings its own layout;
 * load screens lazily (`lazy: () => import('./routes/…')` or React.lazy) to keep the public bundle small.
 */
import type { RouteObject } from 'react-router-dom';

export const dashboardRoutes: RouteObject[] = [];
