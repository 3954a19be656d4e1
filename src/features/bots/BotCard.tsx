import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { shownAvatar } from '../../core/bot/dialog-rules';
import type { Bot, BotLanguage } from '../../core/bot/types';
import { Badge, IconButton } from '../../ui';
import { BotAvatar } from './BotAvatar';
import { BotIcon } from './bot-icons';
import { languageLabel } from '../../core/bot/language-label';

export interface BotCardProps {
  bot: Bot;
  /** All languages, used when the list answer carries only ids. */
  languages: readonly BotLanguage[];
  active?: boolean;
  /** Emitted by a click on the card or its settings button, carrying the bot (spec 1 §2). */
  onUpdate: (bot: Bot) => void;
}

function languagesOf(bot: Bot, all: readonly BotLanguage[]): BotLanguage[] {
  if (bot.languages?.length) return bot.languages;
  return bot.supported_languages.flatMap((id) => all.filter((language) => language.id === id));
}

export function BotCard({ bot, languages, active = false, onUpdate }: BotCardProps) {
  const open = () => onUpdate(bot);
  const navigate = useNavigate();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      open();
    }
  };
  return (
    // The whole card opens the bot; the settings button is the same action for those who look for one.
    <article
      className={active ? 'grid-card bot-card bot-card-active' : 'grid-card bot-card'}
      aria-label={bot.name}
      tabIndex={0}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <header className="bot-card-head">
        <BotAvatar src={shownAvatar(bot)} name={bot.name} />
        <div className="bot-card-title">
          <h3 className="bot-card-name">{bot.name}</h3>
          {active && <span className="bot-card-tag">Active</span>}
        </div>
        <IconButton
          icon="chart"
          label={`Results of ${bot.name}`}
          onClick={(event) => {
            event.stopPropagation();
            void navigate(`/results/${bot.id}`);
          }}
        />
        <IconButton
          icon="settings"
          label={`Settings of ${bot.name}`}
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
        />
      </header>
      {bot.description && <p className="bot-card-description">{bot.description}</p>}
      <div className="badge-row" aria-label="Languages">
        {languagesOf(bot, languages).map((language) => (
          <Badge
            key={language.id}
            label={languageLabel(language.name)}
            active={language.id === bot.language}
            title={language.id === bot.language ? 'Default language' : undefined}
          />
        ))}
      </div>
      <div className="badge-row" aria-label="Origins">
        {bot.origins.map((origin) => (
          <Badge key={origin} label={origin} />
        ))}
      </div>
      {(bot.use_tts || bot.use_stt) && (
        <footer className="bot-card-speech">
          {bot.use_tts && <BotIcon name="speaker" label="Text to speech" />}
          {bot.use_tts && bot.use_stt && <span className="speech-separator" aria-hidden="true" />}
          {bot.use_stt && <BotIcon name="mic" label="Speech to text" />}
        </footer>
      )}
    </article>
  );
}
