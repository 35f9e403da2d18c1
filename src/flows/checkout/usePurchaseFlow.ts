import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';

/**
 * A purchase flow's store for the life of its view: made once, started on mount (the return from a
 * payment page), and the snapshot of its state the view renders.
 */
export function usePurchaseFlow<Store extends { state: object; start(): void }>(create: () => Store) {
  const [store] = useState(create);
  // A snapshot is deeply frozen; the cast only drops valtio's deep-readonly types for the views.
  const s = useSnapshot(store.state) as Readonly<Store['state']>;
  useEffect(() => store.start(), [store]);
  return [store, s] as const;
}
