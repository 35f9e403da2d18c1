import * as React from 'react';

/**
 * `useMergeRefs` of @floating-ui/react (MIT), the one thing Mantine's ScrollArea takes from it: Vite
 * resolves ScrollArea's import of '@floating-ui/react' here (vite.config.ts), so a page with a scroll
 * area (the board's date filter, every Table) does not load all of floating-ui (~15 KB gzip). Keep in
 * step with floating-ui's own when Mantine is upgraded.
 */
export function useMergeRefs<T>(refs: Array<React.Ref<T> | undefined>): React.RefCallback<T> | null {
  const cleanupRef = React.useRef<(() => void) | undefined>(undefined);
  const refEffect = React.useCallback(
    (instance: T) => {
      const cleanups = refs.map((ref) => {
        if (ref == null) return undefined;
        if (typeof ref === 'function') {
          const refCleanup = ref(instance);
          return typeof refCleanup === 'function' ? refCleanup : () => ref(null);
        }
        ref.current = instance;
        return () => {
          ref.current = null;
        };
      });
      return () => cleanups.forEach((cleanup) => cleanup?.());
    },
    // eslint-disable-next-line react-hooks/use-memo, react-hooks/exhaustive-deps -- floating-ui passes the refs array itself as the dependencies
    refs,
  );
  return React.useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null;
      return (value: T | null) => {
        if (cleanupRef.current) {
          cleanupRef.current();
          cleanupRef.current = undefined;
        }
        if (value != null) cleanupRef.current = refEffect(value);
      };
    },
    // eslint-disable-next-line react-hooks/use-memo, react-hooks/exhaustive-deps -- floating-ui passes the refs array itself as the dependencies
    refs,
  );
}
