// The realtime AI voice panel (spec 3 §1, §4): it takes the place of the input bar while the guest
// talks with the AI. A pulsing circle follows the guest's voice, the status says whose turn it is,
// the last exchange is written out (unless the node hides the AI's answers), and End gives the
// conversation back to the flow.
import type { CSSProperties } from 'react';
import { Icon } from './icons';
import type { RealtimeView } from './use-realtime';
import './voice-panel.css';

const STATUS: Record<RealtimeView['state'], string> = {
  starting: 'Connecting…',
  'waiting-for-tap': 'Tap Start talking when you are ready.',
  listening: 'Listening…',
  thinking: 'Thinking…',
  speaking: 'Speaking…',
  ended: 'Ended',
};

export interface VoicePanelProps {
  view: RealtimeView;
  botName: string;
  onTap(): void;
  onFinish(): void;
  onEnd(): void;
}

export function VoicePanel({ view, botName, onTap, onFinish, onEnd }: VoicePanelProps) {
  const { state, lines, notice, level } = view;
  // Listening, the circle grows with the guest's voice; speaking, it breathes on its own (CSS).
  const scale = { '--level': state === 'listening' ? Math.min(1, level * 6) : 0 } as CSSProperties;
  return (
    <section className={`voice ${state}`} aria-label="Realtime AI">
      <div className="voice-orb" style={scale} aria-hidden="true">
        <Icon name="mic" size={28} />
      </div>
      <h2 className="voice-title">Talking with {botName || 'the AI'}</h2>
      <p className="voice-state" role="status">
        {STATUS[state]}
      </p>
      {notice && <p className="voice-notice">{notice}</p>}
      {lines.length > 0 && (
        <ul className="voice-lines" aria-label="Last exchange">
          {lines.map((line, i) => (
            <li key={`${i}-${line.text}`} className={line.from}>
              <strong>{line.from === 'guest' ? 'You' : 'AI'}:</strong> {line.text}
            </li>
          ))}
        </ul>
      )}
      <div className="voice-actions">
        {state === 'waiting-for-tap' && (
          <button type="button" className="voice-start" onClick={onTap}>
            <Icon name="mic" /> Start talking
          </button>
        )}
        {state === 'listening' && (
          <button type="button" className="voice-done" onClick={onFinish}>
            Done speaking
          </button>
        )}
        <button type="button" className="voice-end" onClick={onEnd}>
          <Icon name="phone" /> End
        </button>
      </div>
    </section>
  );
}
