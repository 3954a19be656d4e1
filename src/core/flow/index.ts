// The flow model (spec 2 §3, §4, §9): node schemas and defaults, typed changes, output labels and
// the history the engine worker keeps.
export * from './schema';
export * from './defaults';
export * from './changes';
export * from './apply-changes';
export * from './incoming-links';
export * from './targets';
export * from './failure-link';
export * from './labels';
export * from './diff';
export * from './history';
export * from './engine';
export * from './placement';
export * from './field-icons';
export * from './translation';
