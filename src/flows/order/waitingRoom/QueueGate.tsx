import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdmittedNotice, QueueExpired, WaitingRoom } from './WaitingRoom.tsx';
import type { QueueGateState } from './useQueue.ts';

/**
 * The order behind the sale's waiting room (issue 40): the children once no room is in force or the
 * visitor is let in (with a notice of until when), the waiting room until then; `whileChecking` until
 * the box office has said which (the page asks as it opens, beside its other calls).
 */
export function QueueGate({
  gate,
  children,
  whileChecking,
}: {
  gate: QueueGateState;
  children: ReactNode;
  whileChecking?: ReactNode;
}) {
  const { queue, joinAgain } = gate;
  if (queue.phase === 'checking')
    return whileChecking ?? <Skeleton height={220} radius="md" aria-busy="true" />;
  if (queue.phase === 'waiting')
    return <WaitingRoom status={queue.status} reconnecting={queue.reconnecting} />;
  if (queue.phase === 'expired') return <QueueExpired onJoin={joinAgain} />;
  if (!queue.passExpiresAt) return children;
  return (
    <Stack gap="md">
      <AdmittedNotice passExpiresAt={queue.passExpiresAt} />
      {children}
    </Stack>
  );
}
