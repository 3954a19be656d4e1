// What the sign-in feature offers the app: its frame and its pages (routed by src/app/router.tsx).
export { AuthShell } from './AuthShell';
export { ConfirmEmailPage } from './ConfirmEmailPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { LoginPage } from './LoginPage';
export { ResetPasswordPage } from './ResetPasswordPage';
export { SignupPage } from './SignupPage';
