// The builder moved to src/core/validation so the server validates a published flow with the
// same context; kept here for the editor's imports.
export { validationContextOf, type ContextSources } from '../../../core/validation';
