// The public core API (ARCHITECTURE.md): stable names other code and tests rely on.
export * from './constants';
export { isValidEmail } from './rules/email';
