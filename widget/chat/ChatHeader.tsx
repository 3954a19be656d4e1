// The chat's header. Standard layout: avatar, title, language, speaker, restart, close. Custom-UI
// layout (spec 3 §2): a burger menu (languages, restart), an options menu (speaker, restart,
// close) and a light/dark switch.
import { memo, useState } from 'react';
import type { WidgetLanguage } from './chat-api';
import { Icon } from './icons';
import { Avatar } from './MessageList';

export interface HeaderProps {
  title: string;
  avatar: string;
  showAvatar: boolean;
  customUI: boolean;
  dark: boolean;
  languages: WidgetLanguage[];
  language: WidgetLanguage | null;
  speaker: boolean | null;
  onLanguage(language: WidgetLanguage): void;
  onSpeaker(): void;
  onRestart(): void;
  onDark(): void;
  onClose?: () => void;
  /** Whether notifications reach the guest (null: not known yet, no control shown). */
  notifications: boolean | null;
  onNotifications(): void;
}

function LanguageSelect({ languages, language, onLanguage }: HeaderProps) {
  if (languages.length < 2) return null;
  return (
    <select
      className="language"
      aria-label="Language"
      value={language?.id ?? ''}
      onChange={(event) => {
        const next = languages.find((l) => String(l.id) === event.target.value);
        if (next) onLanguage(next);
      }}
    >
      {languages.map((l) => (
        <option key={l.id} value={l.id}>
          {l.code.toUpperCase()}
        </option>
      ))}
    </select>
  );
}

const notificationLabel = (on: boolean) => (on ? 'Turn notifications off' : 'Turn notifications on');

function NotificationButton({ notifications, onNotifications }: HeaderProps) {
  if (notifications === null) return null;
  return (
    <button
      type="button"
      className="icon"
      aria-label={notificationLabel(notifications)}
      aria-pressed={notifications}
      onClick={onNotifications}
    >
      <Icon name={notifications ? 'bellOn' : 'bellOff'} />
    </button>
  );
}

function SpeakerButton({ speaker, onSpeaker }: HeaderProps) {
  if (speaker === null) return null;
  return (
    <button
      type="button"
      className="icon"
      aria-label={speaker ? 'Mute the bot' : 'Read replies aloud'}
      aria-pressed={speaker}
      onClick={onSpeaker}
    >
      <Icon name={speaker ? 'speakerOn' : 'speakerOff'} />
    </button>
  );
}

/** Memoised: the theme page's preview re-renders the chat on every colour edit, the header's props stay. */
export const ChatHeader = memo(function ChatHeader(props: HeaderProps) {
  const [menu, setMenu] = useState<'burger' | 'options' | null>(null);
  const toggle = (which: 'burger' | 'options') => setMenu((open) => (open === which ? null : which));
  const title = (
    <div className="title">
      {props.showAvatar && <Avatar src={props.avatar} size={36} />}
      <h1>{props.title}</h1>
    </div>
  );

  if (!props.customUI) {
    return (
      <header className="header">
        {title}
        <LanguageSelect {...props} />
        <SpeakerButton {...props} />
        <NotificationButton {...props} />
        <button
          type="button"
          className="icon"
          aria-label="Restart the conversation"
          onClick={props.onRestart}
        >
          <Icon name="restart" />
        </button>
        {props.onClose && (
          <button type="button" className="icon" aria-label="Close the chat" onClick={props.onClose}>
            <Icon name="close" />
          </button>
        )}
      </header>
    );
  }

  const act = (fn: () => void) => () => (setMenu(null), fn());
  return (
    <header className="header">
      <button
        type="button"
        className="icon"
        aria-label="Menu"
        aria-expanded={menu === 'burger'}
        onClick={() => toggle('burger')}
      >
        <Icon name="menu" />
      </button>
      {title}
      <button
        type="button"
        className="icon"
        role="switch"
        aria-checked={props.dark}
        aria-label="Dark mode"
        onClick={props.onDark}
      >
        <Icon name={props.dark ? 'moon' : 'sun'} />
      </button>
      <button
        type="button"
        className="icon"
        aria-label="Options"
        aria-expanded={menu === 'options'}
        onClick={() => toggle('options')}
      >
        <Icon name="more" />
      </button>
      {menu === 'burger' && (
        <nav className="menu burger" aria-label="Chat menu">
          {props.languages.length > 1 &&
            props.languages.map((l) => (
              <button
                key={l.id}
                type="button"
                lang={l.code}
                aria-current={l.id === props.language?.id}
                onClick={act(() => props.onLanguage(l))}
              >
                {l.name}
              </button>
            ))}
          <button type="button" onClick={act(props.onRestart)}>
            Restart the conversation
          </button>
        </nav>
      )}
      {menu === 'options' && (
        <div className="menu options" role="menu" aria-label="Options">
          {props.speaker !== null && (
            <button type="button" role="menuitem" onClick={act(props.onSpeaker)}>
              {props.speaker ? 'Mute the bot' : 'Read replies aloud'}
            </button>
          )}
          {props.notifications !== null && (
            <button type="button" role="menuitem" onClick={act(props.onNotifications)}>
              {notificationLabel(props.notifications)}
            </button>
          )}
          <button type="button" role="menuitem" onClick={act(props.onRestart)}>
            Restart the conversation
          </button>
          {props.onClose && (
            <button type="button" role="menuitem" onClick={act(props.onClose)}>
              Close the chat
            </button>
          )}
        </div>
      )}
    </header>
  );
});
