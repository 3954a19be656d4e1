export * from './answers';
export * from './progress';
