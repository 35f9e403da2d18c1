import { useEffect } from 'react';
import { dismissToast, type Toast, toastDrawn } from './toasts.ts';
import classes from './Toasts.module.css';

const COLORS = {
  violet: 'var(--mantine-color-violet-6)',
  teal: 'var(--mantine-color-teal-6)',
  orange: 'var(--mantine-color-orange-6)',
  red: 'var(--mantine-color-red-6)',
} as const;

/**
 * The toasts, top-centre over the page (below the header), newest last; each closes itself. Plain
 * elements on Mantine's CSS variables: this chunk brings no component of its own into the shell's.
 */
export default function ToastViewport({
  toasts,
  closeLabel,
}: {
  toasts: readonly (Toast & { text: string })[];
  closeLabel: string;
}) {
  useEffect(() => {
    for (const toast of toasts) toastDrawn(toast.id);
  }, [toasts]);
  return (
    <div className={classes.viewport} data-testid="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          aria-live="polite"
          className={classes.toast}
          style={{ '--toast-color': COLORS[toast.color ?? 'violet'] } as React.CSSProperties}
          data-testid="toast"
        >
          <span className={classes.text}>{toast.text}</span>
          <button
            type="button"
            className={classes.close}
            aria-label={closeLabel}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
