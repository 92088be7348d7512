import { useEffect } from 'react';
import type { Toast } from '../store/app-store';
import { channelLabel, customerLabel } from '../format';
import { useApp } from '../store/context';

/** How long a toast stays unless dismissed. */
const TOAST_MS = 8000;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDismiss]);
  return (
    <div className="toast" data-testid="toast">
      <div className="toast__text">
        <p className="toast__title">
          New task · {channelLabel(toast.task)}
        </p>
        <p className="toast__body">{toast.task.title || 'Untitled task'}</p>
        <p className="toast__customer">{customerLabel(toast.task)}</p>
      </div>
      <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)} aria-label="Dismiss notification">
        ×
      </button>
    </div>
  );
}

/** Announces new tasks politely; screen readers read each one once. */
export function Toasts() {
  const toasts = useApp((s) => s.toasts);
  const dismiss = useApp((s) => s.dismissToast);
  return (
    <section className="toasts" aria-label="Notifications">
      <div role="status" aria-live="polite" aria-atomic="false" className="toasts__list">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  );
}
