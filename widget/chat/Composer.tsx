// The input bar (spec 3 §2, §4): text (Enter sends, Shift+Enter adds a line), password, file
// (gif, jpeg, png, pdf, with upload progress) and call; disabled in edit mode.
import { memo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ACCEPTED_CHAT_FILE_TYPES } from '../../src/core/widget/constants';
import type { InputMode } from '../../src/core/widget/input-mode';
import { Icon } from './icons';

export interface ComposerProps {
  mode: InputMode;
  placeholder: string;
  disabled: boolean;
  upload: { name: string; progress: number } | null;
  micAvailable: boolean;
  listening: boolean;
  onSend(text: string): void;
  onFile(file: File): void;
  onMic(): void;
  onEndCall(): void;
}

export const Composer = memo(function Composer(props: ComposerProps) {
  const { mode, placeholder, disabled, upload, micAvailable, listening } = props;
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || !text.trim()) return;
    props.onSend(text);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  if (mode === 'call') {
    return (
      <div className="composer call">
        <Icon name="phone" />
        <span className="call-state">Call in progress</span>
        <button type="button" className="end-call" onClick={props.onEndCall}>
          End call
        </button>
      </div>
    );
  }

  if (mode === 'file') {
    return (
      <div className="composer file">
        <input
          ref={picker}
          type="file"
          hidden
          accept={ACCEPTED_CHAT_FILE_TYPES.join(',')}
          aria-label="File to send"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) props.onFile(file);
            event.target.value = '';
          }}
        />
        {upload ? (
          <div
            className="progress"
            role="progressbar"
            aria-label={`Uploading ${upload.name}`}
            aria-valuenow={Math.round(upload.progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span style={{ width: `${Math.round(upload.progress * 100)}%` }} />
            <small>{upload.name}</small>
          </div>
        ) : (
          <button type="button" className="pick" disabled={disabled} onClick={() => picker.current?.click()}>
            <Icon name="attach" /> Choose a file (gif, jpeg, png, pdf)
          </button>
        )}
      </div>
    );
  }

  return (
    <form className="composer" onSubmit={submit}>
      {mode === 'password' ? (
        <input
          type="password"
          className="field"
          value={text}
          disabled={disabled}
          placeholder="Type your password"
          aria-label="Password"
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      ) : (
        <textarea
          className="field"
          rows={1}
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          aria-label="Message"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
      )}
      {micAvailable && mode === 'text' && (
        <button
          type="button"
          className={listening ? 'icon listening' : 'icon'}
          aria-label={listening ? 'Stop recording' : 'Speak'}
          aria-pressed={listening}
          disabled={disabled}
          onClick={props.onMic}
        >
          <Icon name="mic" />
        </button>
      )}
      <button type="submit" className="icon" aria-label="Send" disabled={disabled || !text.trim()}>
        <Icon name="send" />
      </button>
    </form>
  );
});
