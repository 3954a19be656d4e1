// The conversation body: messages (bot on one side, guest on the other), the typing indicator,
// and scrolling to the newest message.
import { Fragment, memo, useEffect, useRef, type ComponentType, type MouseEvent } from 'react';
import type { ConversationMessage } from '../../src/core/widget/conversation';
import type { ChoiceButton } from '../../src/core/widget/replies';
import { MessageContent } from './MessageContent';

export interface MessageListProps {
  messages: ConversationMessage[];
  typing: boolean;
  avatar: string;
  showAvatar: boolean;
  chosen: Record<string, string>;
  editMode: boolean;
  onChoose(message: ConversationMessage, button: ChoiceButton): void;
  /** A link written as `#action:name` in a bot text asks the host page to act (customAction). */
  onAction(name: string): void;
  /** The emulator's WhatsApp or Telegram mode: draws each run of bot messages as that channel would. */
  channelView?: ChannelView | null;
}

/** One run of consecutive bot messages (a turn's replies), drawn as a chat channel shows them. */
export interface ChannelRunProps {
  run: ConversationMessage[];
  avatar: string;
  showAvatar: boolean;
  disabled: boolean;
  chosen: Record<string, string>;
  onChoose(message: ConversationMessage, button: ChoiceButton): void;
}
export type ChannelView = ComponentType<ChannelRunProps>;

/** The messages with each run of consecutive bot messages together (the channel view draws runs). */
function runsOf(messages: ConversationMessage[]): ConversationMessage[][] {
  const runs: ConversationMessage[][] = [];
  for (const message of messages) {
    const last = runs[runs.length - 1];
    if (message.from === 'bot' && last?.[0].from === 'bot') last.push(message);
    else runs.push([message]);
  }
  return runs;
}

const messageTime = (date: number) =>
  date ? new Date(date).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';

const dayOf = (date: number) => new Date(date).toDateString();

/** The date line above the first message of each day: 'Today', else the date in the guest's words. */
function dayLabel(date: number): string {
  if (dayOf(date) === dayOf(Date.now())) return 'Today';
  return new Date(date).toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Memoised: a theme edit changes only the chat's custom properties, not the conversation. */
export const MessageList = memo(function MessageList(props: MessageListProps) {
  const { messages, typing, avatar, showAvatar, chosen, editMode, onChoose, onAction } = props;
  const ChannelRun = props.channelView;
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollIntoView, and React would take
    // a returned value for the effect's cleanup.
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, typing]);

  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest?.('a[href^="#action:"]');
    if (!link) return;
    event.preventDefault();
    onAction(decodeURIComponent(link.getAttribute('href')!.slice('#action:'.length)));
  };

  return (
    <div className="messages" role="log" aria-live="polite" aria-label="Conversation" onClick={onClick}>
      {runsOf(messages).map((run, index, runs) => {
        const first = run[0];
        const before = runs[index - 1]?.at(-1);
        if (ChannelRun && first.from === 'bot')
          return (
            <Fragment key={first.id}>
              <DayLine message={first} previous={before} />
              <ChannelRun
                run={run}
                avatar={avatar}
                showAvatar={showAvatar}
                disabled={editMode || run.some((m) => m.disabled)}
                chosen={chosen}
                onChoose={onChoose}
              />
            </Fragment>
          );
        return run.map((message, at) => (
          <Fragment key={message.id}>
            <DayLine message={message} previous={at === 0 ? before : run[at - 1]} />
            <div className={`row ${message.from}${message.disabled ? ' disabled' : ''}`}>
              {message.from === 'bot' && showAvatar && <Avatar src={avatar} />}
              <div className={`bubble ${message.type}`} data-type={message.type}>
                <MessageContent
                  message={message}
                  onChoose={onChoose}
                  chosen={chosen[message.id]}
                  disabled={message.disabled || editMode}
                />
                <time className="date">{messageTime(message.date)}</time>
              </div>
            </div>
          </Fragment>
        ));
      })}
      {typing && (
        <div className="row bot">
          {showAvatar && <Avatar src={avatar} />}
          <div className="bubble typing" role="status" aria-label="The bot is typing">
            <span />
            <span />
            <span />
          </div>
        </div>
      )}
      <div ref={end} />
    </div>
  );
});

/** The date line above the first message of each day. */
function DayLine({ message, previous }: { message: ConversationMessage; previous?: ConversationMessage }) {
  const newDay = message.date > 0 && (!previous?.date || dayOf(previous.date) !== dayOf(message.date));
  if (!newDay) return null;
  return (
    <p className="day">
      <time dateTime={new Date(message.date).toISOString().slice(0, 10)}>{dayLabel(message.date)}</time>
    </p>
  );
}

export function Avatar({ src, size = 32 }: { src: string; size?: number }) {
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} />
  ) : (
    <span className="avatar blank" style={{ width: size, height: size }} />
  );
}
