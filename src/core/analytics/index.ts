export * from './drop-off';
export * from './first-visits';
export * from './stats';
export * from './answers';
export * from './transcript';
export * from './latency-histogram';
export * from './session-rollup';
export * from './rollup-spans';
