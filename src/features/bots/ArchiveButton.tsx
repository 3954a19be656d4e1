import { useEffect, useState } from 'react';
import { DELETE_CONFIRM_MS } from '../../core/constants';
import { Button } from '../../ui';

/**
 * Spec 1 §4: the first click turns "Delete" into "Sure ?" for 7 s; a second click within that time
 * deletes. Two steps instead of a confirm box keep the hand where it is.
 */
export function ArchiveButton({ onDelete, busy }: { onDelete: () => void; busy: boolean }) {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => setArmed(false), DELETE_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [armed]);
  return (
    <Button
      variant="danger"
      loading={busy}
      onClick={() => {
        if (!armed) return setArmed(true);
        setArmed(false);
        onDelete();
      }}
    >
      {armed ? 'Sure ?' : 'Delete'}
    </Button>
  );
}
