import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './Button';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Extra content in the header row, between the title and the close icon (e.g. a search box). */
  headerExtra?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** False keeps the modal open on backdrop click and Escape (e.g. while a form has changes). */
  dismissible?: boolean;
}

/**
 * A modal on the native <dialog>: the browser traps focus, puts it above everything and handles
 * Escape. Rendered only while open; unmounting closes it.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  headerExtra,
  size = 'md',
  dismissible = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      // Chrome closes a dialog itself when Escape is pressed twice, whatever `cancel` did; keep
      // our state in step (or reopen when the modal must stay).
      onClose={(event) => {
        if (dismissible) onClose();
        else event.currentTarget.showModal();
      }}
      // A click whose target is the <dialog> itself landed on the backdrop, outside the panel.
      onClick={(event) => dismissible && event.target === event.currentTarget && onClose()}
    >
      <div className="modal-panel">
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {headerExtra}
          <IconButton icon="close" label="Close" onClick={onClose} />
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
