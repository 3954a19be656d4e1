// The content calls' fields are the contract's (src/core/api/content-fields.ts).
export * from '../../../src/core/api/content-fields.js';
