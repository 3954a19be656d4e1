// The public core API (ARCHITECTURE.md): stable names other code and tests rely on.
export * from './constants';
export { isValidEmail } from './rules/email';
export { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_RULE } from './rules/password';
export { isValidUrl } from './rules/url';
export { isValidApiUrl } from './rules/api-url';
export { youtubeId, youtubeEmbedUrl, YOUTUBE_ID_LENGTH } from './rules/youtube';
export { fileTypeOf, FILE_TYPES, type FileType } from './rules/file-type';
export { normalizeVariableName, normalizeTemplateName, duplicateName } from './rules/names';
export { interpolate } from './text/interpolate';
export { parseVariablePath, readVariablePath, type PathStep } from './text/variable-path';
export { stripForSpeech, speechText, displayText } from './text/speech';
export { checkBot, botFieldsSchema, BOT_RULES } from './bot/schema';
export {
  checkFields,
  datetimeLocal,
  type CheckResult,
  type CheckError,
  type FieldRules,
} from './bot/checker';
export {
  flowNodeSchema,
  flowNodesSchema,
  flowSchema,
  checkFlowGraph,
  slotSchema,
  newNode,
  newDelayEntry,
  newVariableEntry,
  ADDABLE_NODE_TYPES,
  NODE_DEFAULTS,
  FAILURE_SLOT_ID,
  DUPLICATE_OFFSET,
  applyChange,
  applyChanges,
  applyDiff,
  reverseDiff,
  nodeTargets,
  outputLabels,
  nodeTypeLabel,
  createHistory,
  createEngine,
  type FlowNode,
  type NodeType,
  type NodeOfType,
  type NodeId,
  type Slot,
  type Flow,
  type GraphProblem,
  type FlowChange,
  type NodeStore,
  type FlowDiff,
  type FlowHistory,
  type HistoryState,
  type Engine,
} from './flow';
export {
  parseCondition,
  evaluateCondition,
  isTruthy,
  looseEquals,
  MAX_NESTING,
  PREDEFINED_VARIABLES,
  type ConditionAst,
  type ConditionError,
  type ParseResult,
  type Variables,
  type PredefinedVariable,
} from './condition';
export {
  validateNode,
  validateFlow,
  flowProblems,
  publishProblemsMessage,
  validationContextOf,
  validateEntry,
  validateWizardField,
  newChoiceLabelProblem,
  newKeywordProblem,
  isUploadAccepted,
  isFileVariableAccepted,
  isImageUploadAccepted,
  UPLOAD_EXTENSIONS,
  FILE_VARIABLE_MIME_TYPES,
  prettifyJsonBody,
  nextStartPreview,
  IMAGE_NOT_REVIEWABLE,
  START_TIME_NOT_SET,
  INVALID_TIME_FORMAT,
  type Problem,
  type ValidationContext,
  type FlowProblem,
  type PrettifyResult,
  type StartPreview,
  type UploadKind,
} from './validation';
