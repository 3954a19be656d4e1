import { useState } from 'react';
import { Alert, Spinner } from '../../ui';
import { BotIcon } from './bot-icons';
import { readBotZip, type ImportedBot } from './import-zip';

/** Import mode's first step (spec 1 §2): an Upload button for an exported .zip bot file. */
export function ImportUpload({ onLoaded }: { onLoaded: (imported: ImportedBot) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  return (
    <div className="import-upload">
      <p className="muted">
        Choose a bot archive exported from BotFlow. You can review and edit the bot before importing it.
      </p>
      <label className="btn btn-primary file-button" aria-disabled={reading || undefined}>
        {reading ? <Spinner /> : <BotIcon name="upload" />}
        Upload
        <input
          type="file"
          accept=".zip,application/zip,application/x-zip-compressed"
          aria-label="Upload bot file"
          className="visually-hidden"
          disabled={reading}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setError(null);
            setReading(true);
            try {
              onLoaded(await readBotZip(file));
            } catch (failure) {
              setError(failure instanceof Error ? failure.message : String(failure));
            } finally {
              setReading(false);
            }
          }}
        />
      </label>
      {error && <Alert kind="error">{error}</Alert>}
    </div>
  );
}
