import { useBotsStore } from '../../bots';
import { useFlow } from '../store/flow-context';
import { selectHasChanges } from '../store/flow-store';
import { CHANGE_BOT_PROMPT, confirmDiscard } from '../../../ui/unsaved-changes';

/** The bots dropdown: switching the active bot with unsaved changes asks first (spec 3 §2). */
export function BotSelect() {
  const bots = useBotsStore((s) => s.bots);
  const activeBotId = useBotsStore((s) => s.activeBotId);
  const setActiveBot = useBotsStore((s) => s.setActiveBot);
  const hasChanges = useFlow(selectHasChanges);

  return (
    <select
      className="input flow-select"
      aria-label="Bot"
      value={activeBotId ?? ''}
      disabled={bots.length === 0}
      onChange={(event) => {
        const id = Number(event.target.value);
        // A refusal leaves the select on the current bot: it is controlled by the store's value.
        if (id !== activeBotId && confirmDiscard(hasChanges, CHANGE_BOT_PROMPT)) setActiveBot(id);
      }}
    >
      {bots.length === 0 && <option value="">No bots</option>}
      {bots.map((bot) => (
        <option key={bot.id} value={bot.id}>
          {bot.name}
        </option>
      ))}
    </select>
  );
}
