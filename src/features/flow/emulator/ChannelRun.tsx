import { useMemo, useState, type ReactNode } from 'react';
import {
  channelPreview,
  typedAnswer,
  type PreviewChannel,
  type PreviewItem,
  type PreviewRun,
} from '../../../core/channels';
import type { ConversationMessage } from '../../../core/widget/conversation';
import type { ChatReply, ChoiceButton } from '../../../core/widget/replies';
// Types only: the chat app's code stays in its lazily loaded chunk (LazyChatApp).
import type { ChannelRunProps, ChatChannel } from '../../../../widget/chat/index';

const messageTime = (date: number) =>
  date ? new Date(date).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';

/** The chat's avatar column (widget/chat MessageList's Avatar). */
function Avatar({ src }: { src: string }) {
  return src ? (
    <img className="avatar" src={src} alt="" width={32} height={32} />
  ) : (
    <span className="avatar blank" style={{ width: 32, height: 32 }} />
  );
}

/**
 * The emulator's WhatsApp and Telegram modes (issue 16 item 6): a turn's bot messages drawn as the
 * channel shows them, from the same renderers the server sends with (channelPreview). A button or
 * list row answers with its label, as the channel's pick does; a typed number picks a choice.
 */
export function emulatorChannel(channel: PreviewChannel): ChatChannel {
  return {
    environment: channel,
    view: (props: ChannelRunProps) => <ChannelRun channel={channel} {...props} />,
    answer: (text, answered) => typedAnswer(text, answered as ChatReply[]),
  };
}

function ChannelRun(props: ChannelRunProps & { channel: PreviewChannel }) {
  const { run, channel } = props;
  const items = useMemo(
    () => channelPreview(channel, run as ChatReply[], window.location.origin, run[0]?.language_code),
    [channel, run],
  );
  const chosen = run.map((m) => props.chosen[m.id]).find(Boolean);
  // A pressed label answers the last choices of the run that offered it.
  const choose = (label: string) => {
    for (const message of [...run].reverse()) {
      const offered = offeredBy(message);
      const button = offered.find((b) => b.label === label);
      if (button) return props.onChoose(message, button);
    }
  };
  const last = run[run.length - 1];
  return (
    <>
      {items.map((item, i) => (
        <div key={i} className={`row bot channel-${channel}${props.disabled ? ' disabled' : ''}`}>
          {props.showAvatar && <Avatar src={props.avatar} />}
          <div className={`bubble channel-item ${item.kind}`} data-channel-item={item.kind}>
            <Item item={item} chosen={chosen} disabled={props.disabled} onChoose={choose} />
            {i === items.length - 1 && <time className="date">{messageTime(last.date)}</time>}
          </div>
        </div>
      ))}
    </>
  );
}

function offeredBy(message: ConversationMessage): ChoiceButton[] {
  if (message.type === 'choices') return message.content;
  if (message.type === 'wizard') return message.field.options ?? [];
  return [];
}

interface ItemProps {
  item: PreviewItem;
  chosen: string | undefined;
  disabled: boolean;
  onChoose(label: string): void;
}

function Item({ item, chosen, disabled, onChoose }: ItemProps) {
  const [open, setOpen] = useState(false);
  switch (item.kind) {
    case 'text':
      return <Runs runs={item.runs} />;
    case 'buttons':
      return (
        <>
          <Runs runs={item.runs} />
          <div className="channel-buttons" role="group" aria-label="Buttons">
            {item.buttons.map((label) => (
              <button
                key={label}
                type="button"
                className={chosen === label ? 'selected' : undefined}
                disabled={disabled || !item.answers}
                title={item.answers ? undefined : 'The emulator asks for the location as the web chat does'}
                onClick={() => onChoose(label)}
              >
                {label}
              </button>
            ))}
          </div>
        </>
      );
    case 'list':
      return (
        <>
          <Runs runs={item.runs} />
          <div className="channel-buttons">
            <button type="button" aria-expanded={open} disabled={disabled} onClick={() => setOpen(!open)}>
              ☰ {item.button}
            </button>
          </div>
          {open && !disabled && (
            <ul className="channel-list" aria-label={item.button}>
              {item.rows.map((label) => (
                <li key={label}>
                  <button type="button" onClick={() => onChoose(label)}>
                    {label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      );
    case 'image':
      return (
        <>
          <img src={item.url} alt="" loading="lazy" />
          <Runs runs={item.caption} />
        </>
      );
    case 'album':
      return (
        <>
          <div className="channel-album" aria-label={`Album of ${item.urls.length} images`}>
            {item.urls.map((url, i) => (
              <img key={i} src={url} alt="" loading="lazy" />
            ))}
          </div>
          <Runs runs={item.caption} />
        </>
      );
    case 'file':
      return (
        <a className="channel-file" href={item.url} target="_blank" rel="noopener noreferrer">
          📄 {item.name || 'File'}
        </a>
      );
  }
}

/** Formatted text as the channel shows it: React elements, never HTML. */
function Runs({ runs }: { runs: PreviewRun[] }) {
  if (!runs.length) return null;
  return (
    <p className="plain">
      {runs.map((run, i) => {
        let node: ReactNode = run.text;
        if (run.code) node = <code>{node}</code>;
        if (run.strike) node = <s>{node}</s>;
        if (run.italic) node = <em>{node}</em>;
        if (run.bold) node = <strong>{node}</strong>;
        return <span key={i}>{node}</span>;
      })}
    </p>
  );
}
