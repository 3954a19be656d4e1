// What the chat looks like, given everything it shows: header, conversation and input bar,
// coloured by the theme's CSS custom properties. The live chat (ChatApp) and the theme page's
// preview both draw through it, so the preview is the widget itself, not a drawing of it.
import type { ReactNode, Ref } from 'react';
import type { Theme } from '../../src/core/theme/types';
import type { ConversationMessage } from '../../src/core/widget/conversation';
import type { ChoiceButton } from '../../src/core/widget/replies';
import type { WidgetLanguage } from './chat-api';
import { ChatHeader } from './ChatHeader';
import { Composer, type ComposerProps } from './Composer';
import { MessageList, type ChannelView } from './MessageList';
import { themeStyle } from './theme-style';
import type { GetNotified } from './use-web-push';

export interface ChatViewProps {
  theme: Theme;
  dark: boolean;
  rtl: boolean;
  customUI: boolean;
  editMode: boolean;
  title: string;
  avatar: string;
  /** The language of the conversation (lang attribute, language menu). */
  language: WidgetLanguage | null;
  languages: WidgetLanguage[];
  /** The speaker switch: null when the bot does not speak. */
  speaker: boolean | null;
  messages: ConversationMessage[];
  typing: boolean;
  chosen: Record<string, string>;
  /** The input bar (the live chat may show the voice panel instead). */
  composer: ComposerProps | null;
  footer?: ReactNode;
  onLanguage(language: WidgetLanguage): void;
  onSpeaker(): void;
  onRestart(): void;
  onDark(): void;
  onClose?: () => void;
  onChoose(message: ConversationMessage, button: ChoiceButton): void;
  onAction(name: string): void;
  /** Whether notifications reach the guest (null or absent: no switch shown). */
  notifications?: boolean | null;
  onNotifications?: () => void;
  /** "Get notified" (Web Push on /chat; opening /chat from the widget), or null: not offered. */
  getNotified?: GetNotified | null;
  ref?: Ref<HTMLDivElement>;
  /** The emulator's WhatsApp or Telegram mode (MessageList). */
  channelView?: ChannelView | null;
}

export function ChatView(props: ChatViewProps) {
  const { theme, dark, editMode } = props;
  const classes = ['chat', dark && 'dark', props.customUI && 'custom', editMode && 'edit'].filter(Boolean);
  return (
    <div
      ref={props.ref}
      className={classes.join(' ')}
      dir={props.rtl ? 'rtl' : 'ltr'}
      style={themeStyle(theme, dark)}
      lang={props.language?.code}
    >
      <ChatHeader
        title={props.title}
        avatar={props.avatar}
        showAvatar={theme.header.isAvatar}
        customUI={props.customUI}
        dark={dark}
        languages={props.languages}
        language={props.language}
        speaker={props.speaker}
        onLanguage={props.onLanguage}
        onSpeaker={props.onSpeaker}
        onRestart={props.onRestart}
        onDark={props.onDark}
        onClose={props.onClose}
        notifications={props.notifications ?? null}
        onNotifications={props.onNotifications ?? (() => undefined)}
      />
      {props.getNotified && (
        <div className="get-notified">
          <button type="button" onClick={props.getNotified.onClick}>
            {props.getNotified.label}
          </button>
        </div>
      )}
      <MessageList
        messages={props.messages}
        typing={props.typing}
        avatar={props.avatar}
        showAvatar={theme.header.isAvatar}
        chosen={props.chosen}
        editMode={editMode}
        onChoose={props.onChoose}
        onAction={props.onAction}
        channelView={props.channelView}
      />
      {props.composer ? <Composer {...props.composer} /> : props.footer}
    </div>
  );
}
