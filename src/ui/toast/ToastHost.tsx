import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { currentToasts, subscribeToasts } from './toasts.ts';

// Drawn by a chunk of its own, loaded with the first toast: the shell and the board never pay for it.
// The texts are put into words here, with the shell's i18next, so the chunk holds Mantine's parts only.
const ToastViewport = lazy(() => import('./ToastViewport.tsx'));

/** Where the shell shows toasts; nothing (and nothing loaded) until there is one. */
export function ToastHost() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport
        toasts={toasts.map((toast) => ({ ...toast, text: t(toast.key, toast.params ?? {}) }))}
        closeLabel={t('common.close')}
      />
    </Suspense>
  );
}
