import { useState } from 'react';
import type { Bot } from '../../../core/bot/types';
import { embedSnippet } from '../../../core/widget/embed-snippet';
import { Button, Modal } from '../../../ui';
import { languageLabel } from '../../../core/bot/language-label';
import { ShortcutTable } from './ShortcutsSheet';

/** Spec 3 §2: "Bot Info & Help" — the bot's facts, how to embed it, and the board's shortcuts. */
export function HelpModal({ bot, onClose }: { bot: Bot | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const snippet = bot ? embedSnippet(window.location.origin, bot) : '';
  return (
    <Modal title="Bot Info & Help" onClose={onClose} size="lg">
      {bot ? (
        <dl className="flow-help-facts">
          <dt>Bot id</dt>
          <dd>{bot.id}</dd>
          <dt>Name</dt>
          <dd>{bot.name}</dd>
          <dt>Languages</dt>
          <dd>
            {bot.languages
              .map((language) =>
                language.id === bot.language
                  ? `${languageLabel(language.name)} (default)`
                  : languageLabel(language.name),
              )
              .join(', ') || '—'}
          </dd>
          <dt>Origins</dt>
          <dd>{bot.origins.length > 0 ? bot.origins.join(', ') : '—'}</dd>
        </dl>
      ) : (
        <p>No bot is selected.</p>
      )}
      {bot && (
        <section className="flow-help-section" aria-label="Embed">
          <h3>Embed the chat widget</h3>
          <p>Add this line to the pages of a registered origin:</p>
          <pre className="flow-snippet">
            <code>{snippet}</code>
          </pre>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(snippet).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </section>
      )}
      <section className="flow-help-section" aria-label="Keyboard shortcuts">
        <h3>Keyboard shortcuts</h3>
        <ShortcutTable />
      </section>
    </Modal>
  );
}
