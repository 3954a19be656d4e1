export * from './types';
export * from './defaults';
export * from './schema';
