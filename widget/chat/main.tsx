// The chat page: /chat?bot_id=… on its own, or the widget's iframe (embed=1) — then it waits for
// the host page's initChat, which tells it the (browser-verified) page address its calls carry.
import { createRoot } from 'react-dom/client';
import { ChatApp } from './ChatApp';
import { ChatShell, pageLook } from './ChatShell';
import type { ChatAuth } from './chat-api';
import { connectToHost, hostStorage } from './host-bridge';
import { setChatStorage } from './storage';
import './page.css';

const params = new URLSearchParams(location.search);
const botId = params.get('bot_id') ?? '';
const embedded = params.get('embed') === '1' && window.parent !== window;
// Spec 3 §2: the custom-UI layout is on when customUI is longer than 2 characters.
const customUI = (params.get('customUI') ?? '').length > 2;
const modeParam = params.get('themeMode');
const themeMode = modeParam === 'dark' || modeParam === 'light' ? modeParam : undefined;
const template = params.get('template') || undefined;
const root = createRoot(document.getElementById('chat')!);
// The bot's theme, title and avatar came with this page: the first frame is already the bot's.
const firstLook = pageLook();

if (!/^\d+$/.test(botId)) {
  root.render(<p className="chat refused">No bot to chat with: open this page as /chat?bot_id=…</p>);
} else if (embedded) {
  const bridge = connectToHost(botId);
  if (firstLook) root.render(<ChatShell look={firstLook} dark={themeMode === 'dark'} customUI={customUI} />);
  void bridge.ready.then((init) => {
    setChatStorage(hostStorage(bridge, init.storage));
    root.render(
      <ChatApp
        botId={botId}
        auth={{ kind: 'widget', page: init.page }}
        bridge={bridge}
        customUI={customUI}
        themeMode={init.themeMode ?? themeMode}
        courseId={init.courseId ?? null}
        customVariables={init.customVariables}
        template={template}
        firstLook={firstLook}
        getNotified="open-chat"
      />,
    );
  });
} else {
  // The bot's owner, signed in to the dashboard on this server, chats with their token; anyone
  // else chats as a guest of this page, which works when the bot lists this server among its origins.
  const token = localStorage.getItem('accessToken');
  const auth: ChatAuth = token
    ? { kind: 'token', token, page: location.href }
    : { kind: 'widget', page: location.href };
  root.render(
    <ChatApp
      botId={botId}
      auth={auth}
      customUI={customUI}
      themeMode={themeMode}
      template={template}
      firstLook={firstLook}
      getNotified="web-push"
    />,
  );
}
