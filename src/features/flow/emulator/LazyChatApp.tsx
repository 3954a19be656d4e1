import { lazy } from 'react';

/**
 * The chat app (widget/chat), loaded only when the emulator first opens: /flow's first load does
 * not carry the chat's code and styles, and an author who never opens the emulator never pays for it.
 */
export const LazyChatApp = lazy(() =>
  import('../../../../widget/chat/index').then((module) => ({ default: module.ChatApp })),
);
