// The chat before its first answer from the server: already in the bot's theme, with its title
// and avatar, so the guest never sees the default purple flash into the bot's colours. The theme
// comes with the chat page itself (server/routes/widget/chat-page.ts) or from the embedding app.
import { chatTitle } from '../../src/core/theme/defaults';
import type { Theme } from '../../src/core/theme/types';
import { ChatView } from './ChatView';
import { generatedAvatar } from './generated-avatar';
import { avatarOf } from './theme-style';

/** What the page knows of the bot before the chat loads (the widget's public read, in part). */
export interface FirstLook {
  theme: Theme;
  botName: string;
  botAvatar: string;
}

const none = () => undefined;

export function ChatShell({ look, dark, customUI }: { look: FirstLook; dark: boolean; customUI: boolean }) {
  const avatar =
    avatarOf(look.theme, look.botAvatar) || generatedAvatar(look.botName || look.theme.header.headerTitle);
  return (
    <div className="chat-shell" aria-busy="true">
      <ChatView
        theme={look.theme}
        dark={dark}
        rtl={look.theme.body.rtl}
        customUI={customUI}
        editMode={false}
        title={chatTitle(look.theme, look.botName)}
        avatar={avatar}
        language={null}
        languages={[]}
        speaker={null}
        messages={[]}
        typing={false}
        chosen={{}}
        composer={{
          mode: 'text',
          placeholder: look.theme.input.inputPlaceholderText,
          disabled: true,
          upload: null,
          micAvailable: false,
          listening: false,
          onSend: none,
          onFile: none,
          onMic: none,
          onEndCall: none,
        }}
        onLanguage={none}
        onSpeaker={none}
        onRestart={none}
        onDark={none}
        onChoose={none}
        onAction={none}
      />
    </div>
  );
}

/** The look the chat page carries in `<script id="chat-look" type="application/json">`, if any. */
export function pageLook(): FirstLook | null {
  const text = document.getElementById('chat-look')?.textContent;
  if (!text) return null;
  try {
    const look = JSON.parse(text) as FirstLook;
    return look?.theme?.header ? look : null;
  } catch {
    return null;
  }
}
