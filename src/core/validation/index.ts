// Spec 2 §5: what makes a node savable, one rule file per node type and per basic-entry kind.
export { validateNode, validateFlow } from './validate';
export { validateEntry, validateWizardField, newChoiceLabelProblem, newKeywordProblem } from './parts';
export {
  UPLOAD_EXTENSIONS,
  FILE_VARIABLE_MIME_TYPES,
  isUploadAccepted,
  isFileVariableAccepted,
  isImageUploadAccepted,
  type UploadKind,
} from './uploads';
export type { Problem, ValidationContext } from './types';
export { validationContextOf, type ContextSources } from './context';
export {
  flowProblems,
  problemsOfChecked,
  nodeTitle,
  problemCount,
  publishProblemsMessage,
  type FlowProblem,
} from './flow-problems';
export { prettifyJsonBody, type PrettifyResult } from './prettify-json';
export {
  nextStartPreview,
  describeStart,
  twelveHour,
  START_TIME_NOT_SET,
  INVALID_TIME_FORMAT,
  type StartPreview,
} from './next-start';
export { IMAGE_NOT_REVIEWABLE } from './entries/image';
export { START_TIME } from './nodes/notification';
