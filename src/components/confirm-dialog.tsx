/**
 * A modal confirmation on the native <dialog>: it traps focus, closes on Escape and gives focus back
 * to the control that opened it. Extra fields (a reason, a justification) go in as children; the
 * confirm button stays disabled until `canConfirm`.
 */
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-error';
import './components.css';

interface Props {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: unknown;
  canConfirm?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, title, children, confirmLabel, danger = false, busy = false, error, canConfirm = true, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      // jsdom has no showModal; the open attribute is enough there.
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && canConfirm) onConfirm();
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <form method="dialog" className="stack" onSubmit={submit}>
          <h2 id={titleId}>{title}</h2>
          {children}
          {error !== undefined && error !== null && (
            <p role="alert" className="alert alert-error">
              {errorMessage(error)}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onCancel} disabled={busy}>
              Back
            </button>
            <button type="submit" className={`button ${danger ? 'button-danger' : 'button-primary'}`} disabled={busy || !canConfirm}>
              {busy ? 'Working…' : confirmLabel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
