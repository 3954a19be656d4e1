export * from './types';
export * from './defaults';
export * from './schema';
export * from './contrast';
export * from './dark';
export * from './nearest';
export * from './checks';
export * from './palette';
