import { useEffect, useState } from 'react';
import { useSessionStore } from '../../api/session-store';
import { filterByName } from '../../core/bot/dialog-rules';
import { BOT_SEARCH_DEBOUNCE_MS } from '../../core/constants';
import { Alert, Button, IntroHeading, SearchField } from '../../ui';
import { BotCard } from './BotCard';
import { BotDialog, type BotDialogRequest } from './BotDialog';
import { BotIcon } from './bot-icons';
import { useBotsStore } from './bots-store';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import './bots.css';

const PLACEHOLDERS = [0, 1, 2];

/** The Bots screen (spec 1 §2): search, import, add, and a grid of bot cards. */
export function BotsPage() {
  const bots = useBotsStore((s) => s.bots);
  const loading = useBotsStore((s) => s.loading);
  const loadError = useBotsStore((s) => s.loadError);
  const activeBotId = useBotsStore((s) => s.activeBotId);
  const languages = useSessionStore((s) => s.languages);
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, BOT_SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<BotDialogRequest | null>(null);

  useEffect(() => {
    void useBotsStore.getState().load();
  }, []);

  const shown = filterByName(bots, settled);

  return (
    <section className="page bots-page">
      <div className="list-toolbar bots-toolbar">
        <IntroHeading title="Bots" subtitle="Manage your bots" />
        <div className="list-actions bots-actions">
          <SearchField label="Search bots" placeholder="Search by name" value={query} onChange={setQuery} />
          <Button variant="outline" onClick={() => setDialog({ mode: 'import' })}>
            <BotIcon name="upload" />
            Import Bot
          </Button>
          <Button onClick={() => setDialog({ mode: 'add' })}>
            <BotIcon name="plus" />
            Add bot
          </Button>
        </div>
      </div>

      {loadError && <Alert kind="error">{loadError}</Alert>}

      {loading ? (
        <div className="card-grid bots-grid" aria-busy="true" aria-label="Loading bots">
          {PLACEHOLDERS.map((key) => (
            <div key={key} className="grid-card bot-card bot-card-placeholder" aria-hidden="true">
              <span className="skeleton skeleton-avatar" />
              <span className="skeleton skeleton-line" />
              <span className="skeleton skeleton-line short" />
            </div>
          ))}
        </div>
      ) : bots.length === 0 ? (
        !loadError && (
          <p className="card-grid-empty bots-empty">
            No bots available yet. Start by creating a new bot to see it here!
          </p>
        )
      ) : (
        <div className="card-grid bots-grid">
          {shown.map((bot) => (
            <BotCard
              key={bot.id}
              bot={bot}
              languages={languages}
              active={bot.id === activeBotId}
              onUpdate={(b) => setDialog({ mode: 'update', bot: b })}
            />
          ))}
          {shown.length === 0 && (
            <p className="card-grid-empty bots-empty">No bot name contains “{settled.trim()}”.</p>
          )}
        </div>
      )}

      {dialog && <BotDialog request={dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
