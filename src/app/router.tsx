import { createBrowserRouter } from 'react-router';
import {
  AuthShell,
  ConfirmEmailPage,
  ForgotPasswordPage,
  LoginPage,
  ResetPasswordPage,
  SignupPage,
} from '../features/auth';
import { DashboardShell } from '../features/shell';
import { dashboardRoutes } from './dashboard-routes';
import { FullPageLoader, SessionGate } from './SessionGate';

/**
 * Every route of the app in one data router. Which of them a visitor may see is decided by
 * SessionGate from the sign-in state (src/core/session/route-sets.ts), so the tree itself never changes.
 */
export const router = createBrowserRouter([
  {
    element: <SessionGate />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <AuthShell />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'forget-password', element: <ForgotPasswordPage /> },
          { path: 'confirm-email', element: <ConfirmEmailPage /> },
          { path: 'reset-password/:user_id/:token', element: <ResetPasswordPage /> },
        ],
      },
      { element: <DashboardShell />, children: dashboardRoutes },
      // Unknown paths: the gate redirects them before this renders.
      { path: '*', element: null },
    ],
  },
]);
