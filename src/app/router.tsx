import { createBrowserRouter } from 'react-router';
import { AuthShell } from '../features/auth/AuthShell';
import { ConfirmEmailPage } from '../features/auth/ConfirmEmailPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SignupPage } from '../features/auth/SignupPage';
import { DashboardShell } from '../features/shell/DashboardShell';
import { dashboardRoutes } from './dashboard-routes';
import { FullPageLoader, SessionGate } from './SessionGate';

/**
 * Every route of the app in one data router. Which of them a visitor may see is decided by
 * SessionGate from the sign-in state (src/app/route-sets.ts), so the tree itself never changes.
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
