import { Button } from '../../../ui';
import { useFlow } from '../store/flow-context';
import { selectViewing } from '../store/flow-store';
import { useToolEditor } from '../tools-context';
import { whenText } from './HistoryPanel';

/** Over the board while a version is open read-only: which one, what differs, and the way back. */
export function VersionBar() {
  const editor = useToolEditor();
  const viewing = useFlow(selectViewing);
  if (!viewing) return null;
  const parts = [
    viewing.changed && `${viewing.changed} changed`,
    viewing.added && `${viewing.added} not in your draft`,
    viewing.removed && `${viewing.removed} of your draft's nodes not in it`,
  ].filter(Boolean);
  return (
    <div className="flow-version-bar" role="status" aria-label="Viewing a version">
      <span>
        <strong>Version {viewing.version}</strong> (read-only) · {whenText(viewing.createdAt)}
        {viewing.author && ` · ${viewing.author}`}
        <br />
        <span className="flow-version-diff">
          {parts.length ? `Against your draft: ${parts.join(', ')} (highlighted)` : 'Same as your draft'}
        </span>
      </span>
      <span className="flow-version-actions">
        <Button size="sm" onClick={() => void editor.rollBack(viewing.version)}>
          Roll back to this version
        </Button>
        <Button size="sm" variant="outline" onClick={editor.closeVersion}>
          Back to my draft
        </Button>
      </span>
    </div>
  );
}
