/** A plan in numbers, for the back office's summary before a plan is published. */
import type { Seatplan } from '../../api/contract/seatplan.ts';
import { ALLOCATION_HOUSE } from './allocations.ts';

export interface PlanFigures {
  seats: number;
  sections: { id: number; name: string; seats: number; byPriceLevel: Record<number, number> }[];
  /** Seats per price level (tg) in the whole plan. */
  byPriceLevel: Record<number, number>;
  flagged: {
    handicap: number;
    companion: number;
    limitedView: number;
    premium: number;
    sofa: number;
    house: number;
  };
}

export function planFigures(plan: Seatplan): PlanFigures {
  const byPriceLevel: Record<number, number> = {};
  const flagged = { handicap: 0, companion: 0, limitedView: 0, premium: 0, sofa: 0, house: 0 };
  let seats = 0;
  const sections = plan.S.map((section) => {
    const levels: Record<number, number> = {};
    let count = 0;
    for (const group of section.G) {
      for (const row of group.R) {
        for (const seat of row.S) {
          count++;
          levels[seat.tg] = (levels[seat.tg] ?? 0) + 1;
          byPriceLevel[seat.tg] = (byPriceLevel[seat.tg] ?? 0) + 1;
          if (seat.handicap) flagged.handicap++;
          if (seat.companion) flagged.companion++;
          if (seat.limitedView) flagged.limitedView++;
          if (seat.premium) flagged.premium++;
          if (seat.sofa !== undefined) flagged.sofa++;
          if (seat.ai === ALLOCATION_HOUSE) flagged.house++;
        }
      }
    }
    seats += count;
    return { id: section.id, name: section.name, seats: count, byPriceLevel: levels };
  });
  return { seats, sections, byPriceLevel, flagged };
}
