import type { BotLanguage } from '../../core/bot/types';
import { Badge, TextField } from '../../ui';
import { AvatarPicker } from './AvatarPicker';
import { LanguagesField } from './LanguagesField';
import { Switch } from '../../ui/Switch';
import type { BotDraftState } from './use-bot-draft';

export interface GeneralTabProps {
  state: BotDraftState;
  languages: readonly BotLanguage[];
  presets: readonly string[];
  resolveAvatar?: (url: string) => string;
}

export function GeneralTab({ state, languages, presets, resolveAvatar }: GeneralTabProps) {
  const { fields, set, edit } = state;
  return (
    <div className="bot-tab">
      <AvatarPicker
        fields={fields}
        presets={presets}
        onPreset={state.choosePreset}
        onUpload={state.upload}
        onRemove={state.removeAvatar}
        resolve={resolveAvatar}
      />
      <TextField
        label="Bot name"
        value={fields.name}
        onChange={(name) => set('name', name)}
        error={state.problemOf('name')}
        required
      />
      <TextField
        label="Bot description"
        type="textarea"
        rows={2}
        value={fields.description}
        onChange={(description) => set('description', description)}
        error={state.problemOf('description')}
      />
      <LanguagesField
        fields={fields}
        languages={languages}
        edit={edit}
        languageError={state.problemOf('language')}
        supportedError={state.problemOf('supported_languages')}
      />
      <TextField
        label="Bot origins"
        type="textarea"
        rows={3}
        placeholder={'https://example.com\nhttps://shop.example.com'}
        hint="One origin per line: the sites allowed to show the chat widget."
        value={state.originsText}
        onChange={state.setOrigins}
        error={state.problemOf('origins')}
      />
      <div className="badge-row" aria-label="Parsed origins">
        {fields.origins.length > 0 ? (
          fields.origins.map((origin) => <Badge key={origin} label={origin} />)
        ) : (
          <span className="badge badge-placeholder">{'{host}'}</span>
        )}
      </div>
      <Switch
        label="Allow Widget on URL Subpaths"
        hint="Show the widget on every page under each origin, not only the exact addresses."
        checked={fields.allow_subpaths}
        onChange={(on) => set('allow_subpaths', on)}
      />
    </div>
  );
}
