import { useStore } from 'zustand';
import { Button } from '../../../ui';
import { useToolEditor } from '../tools-context';
import { whenText } from './HistoryPanel';

/** A draft kept in this browser differs from the flow just opened: restore it, or let it go. */
export function DraftOffer() {
  const editor = useToolEditor();
  const offer = useStore(editor.drafts.offers, (s) => s.offer);
  if (!offer) return null;
  return (
    <div className="flow-publish-banner" role="status" aria-label="Unpublished draft">
      <span>This browser kept an unpublished draft of this flow ({whenText(offer.savedAt)}).</span>
      <span className="flow-version-actions">
        <Button size="sm" onClick={() => void editor.drafts.restore()}>
          Restore the draft
        </Button>
        <Button size="sm" variant="outline" onClick={editor.drafts.discard}>
          Discard it
        </Button>
      </span>
    </div>
  );
}
