// The chat app as a component, for the flow editor's emulator and the theme preview:
//   <ChatApp botId={id} auth={{ kind: 'token', token }} editMode={false} ref={handle} />
// handle.current.restart() starts a new run ("Run flow"). Its styles come with it (scoped to .chat).
export { ChatApp, type ChatAppHandle, type ChatAppProps, type ChatChannel } from './ChatApp';
export type { ChannelRunProps } from './MessageList';
export type { ChatAuth } from './chat-api';
// The theme page's live preview draws the same view with a demo conversation.
export { ChatView, type ChatViewProps } from './ChatView';
