import type { BotLanguage } from '../../core/bot/types';
import { languageLabel } from '../../core/bot/language-label';
import { languageOption } from './logic/modal-meta';

/** The header's language dropdown: the bot's supported languages, the primary one marked. */
export function LanguageSelect({
  languages,
  primary,
  value,
  onChange,
}: {
  languages: readonly BotLanguage[];
  primary: string;
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <select
      className="input ne-language"
      aria-label="Language"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {languages.map((language) => (
        <option key={language.code} value={language.code}>
          {`${languageOption(language.code, languageLabel(language.name))}${language.code === primary ? ' (primary)' : ''}`}
        </option>
      ))}
    </select>
  );
}
