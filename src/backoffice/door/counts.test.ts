import { describe, expect, it } from 'vitest';
import { sumCounts } from './counts.ts';

describe('the door counts', () => {
  it("add up the door's presentations, and each door's in and out across them", () => {
    expect(
      sumCounts({
        presentations: [
          {
            id: 1,
            expected: 100,
            inside: 40,
            arrived: 45,
            doors: [
              { door: 'Main', in: 30, out: 5 },
              { door: 'Side', in: 15, out: 0 },
            ],
          },
          { id: 2, expected: 50, inside: 10, arrived: 10, doors: [{ door: 'Main', in: 10, out: 0 }] },
        ],
        conflicts: 0,
      }),
    ).toEqual({
      inside: 50,
      expected: 150,
      arrived: 55,
      doors: [
        { door: 'Main', in: 40, out: 5 },
        { door: 'Side', in: 15, out: 0 },
      ],
    });
  });
});
