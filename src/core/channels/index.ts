// Chat channels (issue 16): what each can show and how the runtime's replies look there. Pure, so
// the server's senders, the emulator's channel switch and the unit tests share one rendering.
export * from './capabilities';
export * from './choices';
export * from './delays';
export * from './format';
export * from './plan';
export * from './preview';
export * from './telegram';
export * from './whatsapp';
export * from './texts';
export * from './mask';
export * from './pace';
