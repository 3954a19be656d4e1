// The Advanced tab's view of a saved bot's channels (issue 16 item 6): per channel, connected or
// not, the webhook address, the last error the API answered and when the last message went out;
// and "Send test message" to a chat id or phone number the author types, answered with the API's
// own words when it fails.
import { useCallback, useEffect, useState } from 'react';
import type { ChannelInfo } from '../../core/api/channels';
import { Alert, Badge, Button, TextField } from '../../ui';
import { channelCalls } from './channels-api';

const NAMES: Record<ChannelInfo['channel'], string> = { telegram: 'Telegram', whatsapp: 'WhatsApp' };
const TARGET: Record<ChannelInfo['channel'], string> = {
  telegram: 'Telegram chat id',
  whatsapp: 'WhatsApp phone number',
};

const when = (at: number | null) => (at ? new Date(at).toLocaleString() : 'never');

function ChannelRow({ info, botId, onSent }: { info: ChannelInfo; botId: number; onSent: () => void }) {
  const [to, setTo] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const name = NAMES[info.channel];
  const send = async () => {
    setSending(true);
    setResult(null);
    try {
      const answer = await channelCalls.test({ params: { id: botId }, body: { channel: info.channel, to } });
      setResult(
        answer.success ? { ok: true, message: 'Test message sent' } : { ok: false, message: answer.message },
      );
    } catch (error) {
      setResult({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
      onSent();
    }
  };
  return (
    <section className="channel-status" aria-label={`${name} channel`}>
      <div className="channel-status-head">
        <strong>{name}</strong>
        <Badge
          label={info.connected ? 'Connected' : info.configured ? 'Not connected' : 'Not configured'}
          active={info.connected}
        />
      </div>
      <dl className="channel-status-facts">
        <dt>Webhook</dt>
        <dd className="channel-status-url">{info.webhook_url ?? '—'}</dd>
        <dt>Last message</dt>
        <dd>{when(info.last_message_at)}</dd>
        {info.last_error && (
          <>
            <dt>Last error</dt>
            <dd className="channel-status-error">
              {info.last_error} <span className="muted">({when(info.last_error_at)})</span>
            </dd>
          </>
        )}
      </dl>
      {info.configured && (
        <div className="channel-status-test">
          <TextField label={TARGET[info.channel]} value={to} onChange={(value) => setTo(value.trim())} />
          <Button variant="outline" loading={sending} disabled={!to} onClick={send}>
            Send test message
          </Button>
        </div>
      )}
      {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.message}</Alert>}
    </section>
  );
}

export function ChannelStatus({ botId }: { botId: number }) {
  const [channels, setChannels] = useState<ChannelInfo[] | null>(null);
  const [problem, setProblem] = useState('');
  const load = useCallback(async () => {
    try {
      const answer = await channelCalls.status({ params: { id: botId } });
      if (answer.success) setChannels(answer.channels);
      else setProblem(answer.message || 'Unable to load the channels');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }, [botId]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <fieldset className="bot-fieldset">
      <legend>Channel status</legend>
      {problem && <Alert kind="error">{problem}</Alert>}
      {!channels && !problem && <p className="muted">Loading…</p>}
      {channels?.map((info) => (
        <ChannelRow key={info.channel} info={info} botId={botId} onSent={() => void load()} />
      ))}
    </fieldset>
  );
}
