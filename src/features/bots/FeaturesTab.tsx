import { useId } from 'react';
import { AUTO_TRANSLATE_NEEDS_AI } from '../../core/bot/auto-translate';
import { setSpeechFeature } from '../../core/bot/dialog-rules';
import { useSessionStore } from '../../api/session-store';
import type { TtsGender } from '../../core/bot/types';
import { Switch } from '../../ui/Switch';
import type { BotDraftState } from './use-bot-draft';

/** Text to speech, speech to text and translation (spec 1 §2); options show only when on (§4). */
export function FeaturesTab({ state }: { state: BotDraftState }) {
  const { fields, set, edit } = state;
  const genderId = useId();
  const llmAvailable = useSessionStore((s) => s.llmAvailable);
  // Without an AI endpoint the switch cannot be turned on; a bot already on can still turn it off.
  const translateLocked = !llmAvailable && !fields.auto_translate;
  return (
    <div className="bot-tab">
      <fieldset className="bot-fieldset">
        <legend>Text to speech</legend>
        <Switch
          label="Allow"
          checked={fields.use_tts}
          onChange={(on) => edit((f) => setSpeechFeature(f, 'use_tts', on))}
        />
        {fields.use_tts && (
          <>
            <Switch
              label="External API"
              checked={fields.use_ext_tts}
              onChange={(on) => set('use_ext_tts', on)}
            />
            <div className="field">
              <label className="field-label" htmlFor={genderId}>
                Voice gender
              </label>
              <select
                id={genderId}
                className="input"
                value={fields.tts_gender}
                onChange={(e) => set('tts_gender', Number(e.target.value) as TtsGender)}
              >
                <option value={1}>Male</option>
                <option value={2}>Female</option>
              </select>
            </div>
          </>
        )}
      </fieldset>
      <fieldset className="bot-fieldset">
        <legend>Speech to text</legend>
        <Switch
          label="Allow"
          checked={fields.use_stt}
          onChange={(on) => edit((f) => setSpeechFeature(f, 'use_stt', on))}
        />
        {fields.use_stt && (
          <Switch
            label="External API"
            checked={fields.use_ext_stt}
            onChange={(on) => set('use_ext_stt', on)}
          />
        )}
      </fieldset>
      <fieldset className="bot-fieldset">
        <legend>Translate flow content</legend>
        <Switch
          label="Allow"
          checked={fields.auto_translate}
          disabled={translateLocked}
          hint={llmAvailable ? undefined : AUTO_TRANSLATE_NEEDS_AI}
          onChange={(on) => set('auto_translate', on)}
        />
      </fieldset>
    </div>
  );
}
