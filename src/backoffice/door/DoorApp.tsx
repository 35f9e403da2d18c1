import { useMemo, useState } from 'react';
import { OfflineBanner } from './offline/OfflineBanner.tsx';
import { useDoorEngine } from './offline/useDoorEngine.ts';
import { deviceId, loadSaved, type SavedDoor, saveDoor, toSetup } from './saved.ts';
import { ScanScreen } from './ScanScreen.tsx';
import { SetupScreen } from './SetupScreen.tsx';

/**
 * The door once staff are in: the setup (presentations, door, direction) until it is chosen, then the
 * scanning screen. The setup is kept on the phone, so a reload goes straight back to scanning.
 */
export function DoorApp({ manager }: { manager: boolean }) {
  const [saved, setSaved] = useState<SavedDoor | null>(() => loadSaved());
  const [editing, setEditing] = useState(false);
  const device = useMemo(() => deviceId(), []);
  const setup = useMemo(() => (saved ? toSetup(saved, device) : null), [saved, device]);
  const { engine, status } = useDoorEngine(setup);
  const choose = (next: SavedDoor) => {
    saveDoor(next);
    setSaved(next);
    setEditing(false);
  };

  return (
    <>
      <OfflineBanner status={status} />
      {saved && setup && !editing ? (
        <ScanScreen
          saved={saved}
          setup={setup}
          engine={engine}
          onChange={choose}
          onEdit={() => setEditing(true)}
        />
      ) : (
        <SetupScreen
          manager={manager}
          initial={saved}
          onDone={choose}
          onCancel={saved ? () => setEditing(false) : null}
        />
      )}
    </>
  );
}
