// The chat calls' fields are the contract's (src/core/api/chat-fields.ts).
export * from '../../../src/core/api/chat-fields.js';
