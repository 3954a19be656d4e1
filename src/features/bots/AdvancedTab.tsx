import { Button, TextField } from '../../ui';
import { ArchiveButton } from './ArchiveButton';
import { BotIcon } from './bot-icons';
import { ChannelStatus } from './ChannelStatus';
import type { BotDraftState } from './use-bot-draft';

export interface AdvancedTabProps {
  state: BotDraftState;
  /** Given in Update mode only: the stored bot can be exported and archived. */
  stored?: { onExport: () => void; onDelete: () => void; busy: boolean; botId?: number };
}

export function AdvancedTab({ state, stored }: AdvancedTabProps) {
  const { fields, set } = state;
  return (
    <div className="bot-tab">
      <fieldset className="bot-fieldset">
        <legend>WhatsApp configuration</legend>
        <TextField
          label="WhatsApp token"
          type="password"
          autoComplete="off"
          value={fields.whatsapp_token}
          onChange={(value) => set('whatsapp_token', value.trim())}
          error={state.problemOf('whatsapp_token')}
        />
        <TextField
          label="WhatsApp phone ID"
          autoComplete="off"
          value={fields.whatsapp_phone_id}
          onChange={(value) => set('whatsapp_phone_id', value)}
          error={state.problemOf('whatsapp_phone_id')}
        />
      </fieldset>
      <fieldset className="bot-fieldset">
        <legend>Telegram configuration</legend>
        <TextField
          label="Telegram token"
          type="password"
          autoComplete="off"
          value={fields.telegram_token}
          onChange={(value) => set('telegram_token', value.trim())}
          error={state.problemOf('telegram_token')}
        />
      </fieldset>
      {stored?.botId !== undefined && <ChannelStatus botId={stored.botId} />}
      {stored && (
        <>
          <fieldset className="bot-fieldset">
            <legend>Export bot</legend>
            <p className="muted">Download the bot, its theme and avatar as a zip you can import later.</p>
            <Button variant="outline" disabled={stored.busy} onClick={stored.onExport}>
              <BotIcon name="download" />
              Export bot
            </Button>
          </fieldset>
          <fieldset className="bot-fieldset bot-danger-zone">
            <legend>Archive bot</legend>
            <p className="muted">Removes the bot from your bots. This cannot be undone.</p>
            <ArchiveButton onDelete={stored.onDelete} busy={stored.busy} />
          </fieldset>
        </>
      )}
    </div>
  );
}
