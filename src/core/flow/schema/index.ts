export * from './common';
export * from './basic';
export * from './nodes';
export * from './flow';
