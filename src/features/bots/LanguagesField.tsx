import { useId, useState } from 'react';
import { LANGUAGE_SEARCH_DEBOUNCE_MS } from '../../core/constants';
import {
  addSupportedLanguage,
  filterByName,
  makeDefaultLanguage,
  removeSupportedLanguage,
} from '../../core/bot/dialog-rules';
import type { BotFields, BotLanguage } from '../../core/bot/types';
import { Badge, SearchField } from '../../ui';
import { languageLabel } from '../../core/bot/language-label';
import { useDebouncedValue } from '../../ui/use-debounced-value';

export interface LanguagesFieldProps {
  fields: BotFields;
  languages: readonly BotLanguage[];
  edit: (change: (fields: BotFields) => BotFields) => void;
  /** Problems shown under the Default language select and the Supported languages list. */
  languageError?: string;
  supportedError?: string;
}

/** Language search, Default language and Supported languages (spec 1 §2, §4). */
export function LanguagesField({
  fields,
  languages,
  edit,
  languageError,
  supportedError,
}: LanguagesFieldProps) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query, LANGUAGE_SEARCH_DEBOUNCE_MS);
  const selectId = useId();
  const unsupported = languages.filter((language) => !fields.supported_languages.includes(language.id));
  const nameOf = (id: number) =>
    languageLabel(languages.find((language) => language.id === id)?.name ?? `Language ${id}`);
  const single = fields.supported_languages.length === 1;

  return (
    <div className="languages-field">
      <SearchField
        label="Search language"
        showLabel
        placeholder="Search language"
        value={query}
        onChange={setQuery}
        suggestions={filterByName(unsupported, settled)}
        suggestionLabel={(language) => languageLabel(language.name)}
        suggestionKey={(language) => language.id}
        onSelect={(language) => {
          edit((current) => addSupportedLanguage(current, language.id));
          setQuery('');
        }}
      />
      <div className={languageError ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor={selectId}>
          Default language
        </label>
        <select
          id={selectId}
          className="input"
          value={fields.language}
          aria-invalid={languageError ? true : undefined}
          aria-describedby={languageError ? `${selectId}-msg` : undefined}
          onChange={(e) => edit((current) => makeDefaultLanguage(current, Number(e.target.value)))}
        >
          {fields.supported_languages.map((id) => (
            <option key={id} value={id}>
              {nameOf(id)}
            </option>
          ))}
        </select>
        {languageError && (
          <p className="field-error" id={`${selectId}-msg`}>
            {languageError}
          </p>
        )}
      </div>
      <div className={supportedError ? 'field field-invalid' : 'field'}>
        <span className="field-label" id={`${selectId}-supported`}>
          Supported languages
        </span>
        <div
          className="badge-row"
          role="group"
          aria-labelledby={`${selectId}-supported`}
          aria-describedby={supportedError ? `${selectId}-supported-msg` : undefined}
        >
          {fields.supported_languages.map((id) => (
            <Badge
              key={id}
              label={nameOf(id)}
              active={id === fields.language}
              title={id === fields.language ? 'Default language' : undefined}
              options={[
                {
                  label: 'Make Default',
                  disabled: id === fields.language,
                  onSelect: () => edit((current) => makeDefaultLanguage(current, id)),
                },
                {
                  label: 'Remove',
                  // Spec 1 §4: the last language cannot be removed.
                  disabled: single,
                  onSelect: () => edit((current) => removeSupportedLanguage(current, id)),
                },
              ]}
            />
          ))}
        </div>
        {supportedError && (
          <p className="field-error" id={`${selectId}-supported-msg`}>
            {supportedError}
          </p>
        )}
      </div>
    </div>
  );
}
