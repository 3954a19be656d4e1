import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, IconButton } from './Button';

export interface ModalProps {
  title: string;
  /** A line under the title (e.g. the name of the thing being edited, as saved). */
  subtitle?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Extra content in the header row, between the title and the close icon (e.g. a search box). */
  headerExtra?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False keeps the modal open on backdrop click and Escape (e.g. while a form has changes). */
  dismissible?: boolean;
  /**
   * True while the content holds edits that closing would lose: the close icon, Escape and the
   * backdrop then ask "Discard your changes?" instead of closing.
   */
  unsaved?: boolean;
}

/**
 * A modal on the native <dialog>: the browser traps focus, puts it above everything and handles
 * Escape. Rendered only while open; unmounting closes it.
 */
export function Modal({
  title,
  subtitle,
  onClose,
  children,
  footer,
  headerExtra,
  size = 'md',
  dismissible = true,
  unsaved = false,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const requestClose = () => (unsaved ? setAsking(true) : onClose());
  const dismiss = () => dismissible && requestClose();

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? `${titleId}-sub` : undefined}
      // `cancel` and `close` of a nested modal (the discard prompt) must not close this one.
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        dismiss();
      }}
      // Chrome closes a dialog itself when Escape is pressed twice, whatever `cancel` did; keep
      // our state in step (or reopen when the modal must stay).
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        if (dismissible && !unsaved) return onClose();
        event.currentTarget.showModal();
        if (dismissible) setAsking(true);
      }}
      // A click whose target is the <dialog> itself landed on the backdrop, outside the panel.
      onClick={(event) => event.target === event.currentTarget && dismiss()}
    >
      <div className="modal-panel">
        <header className="modal-header">
          <div className="modal-heading">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            {subtitle && (
              <p id={`${titleId}-sub`} className="modal-subtitle">
                {subtitle}
              </p>
            )}
          </div>
          {headerExtra}
          <IconButton icon="close" label="Close" onClick={requestClose} />
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
      {asking && (
        <DiscardPrompt
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            onClose();
          }}
        />
      )}
    </dialog>
  );
}

/**
 * "Discard your changes?" over a modal whose edits closing would lose. Escape, the backdrop and the
 * close icon keep editing: only the Discard button throws the edits away.
 */
function DiscardPrompt({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <Modal
      title="Discard your changes?"
      size="sm"
      onClose={onKeep}
      footer={
        <>
          <Button variant="outline" onClick={onKeep}>
            Keep editing
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            Discard
          </Button>
        </>
      }
    >
      <p>The changes you made since the last save will be lost.</p>
    </Modal>
  );
}
