import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { getAccessToken } from '../../../api/storage';
import { forgetGuest } from '../../../core/widget/guest';
import { Button, Spinner } from '../../../ui';
import type { ChatAppHandle, ChatAuth } from '../../../../widget/chat/index';
import { useActiveBot, useBotsStore } from '../../bots';
import { RUN_FLOW_EVENT } from '../flow-events';
import { useFlow } from '../store/flow-context';
import { selectFlowName } from '../store/flow-store';
import { emulatorChannel } from './ChannelRun';
import { emulatorAvatar, emulatorTemplate, runsActiveBot } from './emulator-rules';
import { LazyChatApp } from './LazyChatApp';
import { useBotTheme } from './use-bot-theme';
import './emulator.css';

/**
 * The emulator beside the board (spec 3 §2): the chat app running the active bot's published flow
 * (or the template on the board) with the author's token. Closed, it is a launcher: the bot's
 * avatar when its theme shows the avatar on close (isAvatar) and it has one, else a plain button. "Run flow" opens it and starts a new run; a
 * change of bot or template starts over (the chat app forgets its guest on either). The channel
 * switch (issue 16 item 6) draws the same conversation as WhatsApp or Telegram would show it.
 */
export function EmulatorPanel() {
  const bot = useActiveBot();
  const activeBotId = useBotsStore((s) => s.activeBotId);
  const template = emulatorTemplate(useFlow(selectFlowName));
  const theme = useBotTheme(activeBotId, bot?.updated_at);
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<EmulatorChannelName>('web');
  // One view per channel: a new one each render would remount every message.
  const channelView = useMemo(() => (channel === 'web' ? null : emulatorChannel(channel)), [channel]);
  const chat = useRef<ChatAppHandle | null>(null);
  const token = getAccessToken();
  // One object per token: the chat app rebuilds its client (and reloads) when auth changes.
  const auth = useMemo<ChatAuth | null>(() => (token ? { kind: 'token', token } : null), [token]);

  useEffect(() => {
    const onRun = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (!runsActiveBot(detail, activeBotId)) return;
      // A chat on screen restarts; one not started yet starts with no guest, which is a new run.
      if (chat.current) chat.current.restart();
      else forgetGuest(localStorage, detail.botId);
      setOpen(true);
    };
    window.addEventListener(RUN_FLOW_EVENT, onRun);
    return () => window.removeEventListener(RUN_FLOW_EVENT, onRun);
  }, [activeBotId]);

  const close = useCallback(() => setOpen(false), []);
  // The theme is known already: the chat opens in it at once, not after its own load (no flash).
  const firstLook = useMemo(
    () =>
      theme ? { theme, botName: bot?.name ?? '', botAvatar: bot?.customAvatar || bot?.avatar || '' } : null,
    [theme, bot?.name, bot?.customAvatar, bot?.avatar],
  );
  if (activeBotId === null || !auth) return null;

  if (!open) {
    const avatar = emulatorAvatar(bot, theme);
    return (
      <div className="flow-emulator-launcher">
        {avatar ? (
          <button
            type="button"
            className="flow-emulator-avatar"
            aria-label="Open emulator"
            title="Open emulator"
            onClick={() => setOpen(true)}
          >
            <img src={avatar} alt="" width={56} height={56} />
          </button>
        ) : (
          <Button variant="outline" size="sm" icon="bot" onClick={() => setOpen(true)}>
            Open emulator
          </Button>
        )}
      </div>
    );
  }

  return (
    <section className="flow-emulator" aria-label="Emulator">
      {/* Its own header closes it ("Close the chat"); a bot or template change resets it. */}
      <ChannelSwitch value={channel} onChange={setChannel} />
      <Suspense fallback={<Spinner size={28} label="Loading the emulator" />}>
        <LazyChatApp
          botId={activeBotId}
          auth={auth}
          template={template}
          editMode={false}
          onClose={close}
          firstLook={firstLook}
          channel={channelView}
          ref={chat}
        />
      </Suspense>
    </section>
  );
}

type EmulatorChannelName = 'web' | 'whatsapp' | 'telegram';

const CHANNELS: [EmulatorChannelName, string][] = [
  ['web', 'Web'],
  ['whatsapp', 'WhatsApp'],
  ['telegram', 'Telegram'],
];

/** Web, WhatsApp or Telegram: how the emulator draws the bot's replies. */
function ChannelSwitch(props: { value: EmulatorChannelName; onChange(value: EmulatorChannelName): void }) {
  return (
    <div className="flow-emulator-channels" role="group" aria-label="Channel">
      {CHANNELS.map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={props.value === value}
          onClick={() => props.onChange(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
