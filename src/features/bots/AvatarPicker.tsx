import { shownAvatar } from '../../core/bot/dialog-rules';
import type { BotFields } from '../../core/bot/types';
import { Button } from '../../ui';
import { BotAvatar } from './BotAvatar';
import { BotIcon } from './bot-icons';

export interface AvatarPickerProps {
  fields: BotFields;
  presets: readonly string[];
  onPreset: (url: string) => void;
  onUpload: (file: File) => void;
  onRemove: () => void;
  /** Maps an avatar reference to a displayable address (an imported archive's files). */
  resolve?: (url: string) => string;
}

/** Spec 1 §4 Avatar: pick a preset, upload any image, or remove the avatar. */
export function AvatarPicker({
  fields,
  presets,
  onPreset,
  onUpload,
  onRemove,
  resolve = (u) => u,
}: AvatarPickerProps) {
  const shown = shownAvatar(fields);
  const custom = fields.customAvatar !== null;
  return (
    <section className="avatar-picker" aria-label="Avatar">
      <BotAvatar src={shown && resolve(shown)} name={fields.name} size={72} />
      <div className="avatar-choices">
        <div className="avatar-presets" role="radiogroup" aria-label="Preset avatars">
          {presets.map((url, index) => {
            const selected = !custom && fields.avatar === url;
            return (
              <button
                key={url}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={`Preset avatar ${index + 1}`}
                className={selected ? 'avatar-preset selected' : 'avatar-preset'}
                onClick={() => onPreset(url)}
              >
                <img src={url} alt="" width={36} height={36} />
              </button>
            );
          })}
        </div>
        <div className="avatar-actions">
          <label className="btn btn-outline btn-sm file-button">
            <BotIcon name="upload" />
            Upload image
            <input
              type="file"
              accept="image/*"
              aria-label="Upload avatar"
              className="visually-hidden"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onUpload(file);
                // The same file chosen again after a removal must fire a change.
                event.target.value = '';
              }}
            />
          </label>
          <Button variant="ghost" size="sm" disabled={!shown} onClick={onRemove}>
            Remove avatar
          </Button>
        </div>
      </div>
    </section>
  );
}
