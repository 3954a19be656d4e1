import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';

// Each section loads on first visit so the sign-in screens never pay for the editors. Pages are
// loaded by their own file rather than their feature's index.ts: an index also carries what other
// features use (the bots feature's stores), which a page's chunk should not wait for.
const page = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

/** The signed-in sections (spec 1 §2); the gate only lets active users reach them. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'flow',
    ...page(
      () => import('../features/flow/FlowPage'),
      (m) => m.FlowPage,
    ),
  },
  {
    path: 'bots',
    ...page(
      () => import('../features/bots/BotsPage'),
      (m) => m.BotsPage,
    ),
  },
  {
    path: 'results/:botId',
    ...page(
      () => import('../features/results/ResultsPage'),
      (m) => m.ResultsPage,
    ),
  },
  {
    path: 'theme',
    ...page(
      () => import('../features/theme'),
      (m) => m.ThemePage,
    ),
  },
  {
    path: 'nlp',
    ...page(
      () => import('../features/knowledge/KnowledgePage'),
      (m) => m.KnowledgePage,
    ),
    children: [
      { index: true, element: <Navigate to="files" replace /> },
      ...(['files', 'links', 'videos'] as const).map((path) => ({
        path,
        ...page(
          () => import('../features/knowledge/KnowledgePage'),
          (m) => m.knowledgeTabs[path],
        ),
      })),
      // Spec 3 §2: an unknown sub-path of the knowledge page opens files.
      { path: '*', element: <Navigate to="/nlp/files" replace /> },
    ],
  },
  {
    path: 'notifications',
    ...page(
      () => import('../features/notifications'),
      (m) => m.NotificationsPage,
    ),
  },
];
