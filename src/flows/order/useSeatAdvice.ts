import { useRef, useState } from 'react';
import type { SeatDescription, SeatMapHandle } from '../../seatmap/index.ts';
import type { SeatAdviceView } from './SeatNotice.tsx';

export async function describeAll(h: SeatMapHandle, indices: readonly number[]): Promise<SeatDescription[]> {
  return (await Promise.all(indices.map((i) => h.describe(i)))).filter(
    (d): d is SeatDescription => d !== null,
  );
}

/**
 * What the seat step shows about the selection besides the seats themselves: the seats it would leave
 * alone with the nearest valid choices (workers/seatplan/advice.ts), and the seats "Choose seats for me"
 * just took; both ringed on the map (orange and green) and named over it.
 */
export function useSeatAdvice() {
  const [advice, setAdvice] = useState<SeatAdviceView | null>(null);
  const [picked, setPicked] = useState<SeatDescription[] | null>(null);
  /** The map's rings of the picked seats, kept until the next action. */
  const pickedRef = useRef<number[]>([]);

  /** Asks the rules what the selection strands, rings those seats and offers the nearest valid choices. */
  const refresh = async (h: SeatMapHandle) => {
    const a = await h.engine.call('advice');
    h.setMarks({ picked: pickedRef.current, warn: a.stranded });
    if (a.stranded.length === 0) return setAdvice(null);
    const [stranded, fill, moveTo] = await Promise.all([
      describeAll(h, a.stranded),
      a.fill ? describeAll(h, a.fill) : null,
      a.move ? describeAll(h, a.move.seats) : null,
    ]);
    setAdvice({
      stranded,
      fill,
      move: a.move && moveTo ? { take: a.move.take, release: a.move.release, seats: moveTo } : null,
    });
  };

  /** The seats the shop just chose: the map moves to them, rings them, and the notice names them. */
  const showPicked = async (h: SeatMapHandle, seats: number[]) => {
    pickedRef.current = seats;
    h.reveal(seats[Math.floor(seats.length / 2)] ?? -1);
    setPicked(await describeAll(h, seats));
  };

  /** A new action starts: the last pick is no longer news. */
  const clearPicked = () => {
    pickedRef.current = [];
    setPicked(null);
  };

  const dismiss = () => {
    setPicked(null);
    setAdvice(null);
  };

  return { advice, picked, refresh, showPicked, clearPicked, dismiss };
}
