// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeldSeat } from './model.ts';
import type { OrderSnapshot } from './store.ts';
import { useStepTimer } from './useStepTimer.ts';

type TimerInput = Pick<OrderSnapshot, 'step' | 'seats' | 'stepClock' | 'timedOut'> & { paying: boolean };

const lockTimer = {
  chooseSeatsInSeconds: 480,
  chooseTicketsInSeconds: 300,
  chooseProductsInSeconds: 120,
  customerInfoInSeconds: 600,
};
const T0 = Date.parse('2030-01-01T10:00:00Z');

function held(expiresAt: number): HeldSeat {
  return {
    key: '1_1_1',
    sectionId: 1,
    x: 1,
    y: 1,
    ticketGroup: 1,
    section: 'A',
    row: '1',
    seat: '1',
    expiresAt,
    ticketId: 1,
  };
}

function input(over: Partial<TimerInput> = {}): TimerInput {
  return {
    step: 'seats',
    seats: [held(T0 + 3_600_000)],
    paying: false,
    stepClock: { step: 'seats', startedAt: T0 },
    timedOut: false,
    ...over,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the step countdown', () => {
  it('counts down the step’s seconds once a second and reports time up once, on the tick', () => {
    const onTimeUp = vi.fn();
    const { result } = renderHook(() => useStepTimer(input(), lockTimer, onTimeUp));
    expect(result.current).toBe(480_000);
    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current).toBe(477_000);
    act(() => vi.advanceTimersByTime(477_000));
    expect(result.current).toBe(0);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('ends with the earliest seat lock when that comes first', () => {
    const onTimeUp = vi.fn();
    const s = input({ seats: [held(T0 + 60_000), held(0)] });
    const { result } = renderHook(() => useStepTimer(s, lockTimer, onTimeUp));
    expect(result.current).toBe(60_000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('shows nothing and never runs out without seats, after payment, or before a clock starts', () => {
    const onTimeUp = vi.fn();
    for (const s of [input({ seats: [] }), input({ step: 'confirmation' }), input({ stepClock: null })]) {
      const { result } = renderHook(() => useStepTimer(s, lockTimer, onTimeUp));
      expect(result.current).toBeNull();
    }
    act(() => vi.advanceTimersByTime(1_000_000));
    expect(onTimeUp).not.toHaveBeenCalled();
  });

  it('draws nothing again while no countdown shows, and counts a clock started since from its start', () => {
    let renders = 0;
    let s = input({ seats: [], stepClock: null });
    const { result, rerender } = renderHook(() => {
      renders += 1;
      return useStepTimer(s, lockTimer, vi.fn());
    });
    act(() => vi.advanceTimersByTime(10_500));
    expect(renders).toBe(1);
    expect(result.current).toBeNull();
    // A seat held half a second after the last tick: the whole step's time, then once a second less.
    s = input({ stepClock: { step: 'seats', startedAt: T0 + 10_500 } });
    rerender();
    expect(result.current).toBe(480_000);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(479_500);
  });

  it('does not interrupt a payment under way, nor report a time-up already reported', () => {
    const onTimeUp = vi.fn();
    renderHook(() => useStepTimer(input({ paying: true }), lockTimer, onTimeUp));
    renderHook(() => useStepTimer(input({ timedOut: true }), lockTimer, onTimeUp));
    act(() => vi.advanceTimersByTime(600_000));
    expect(onTimeUp).not.toHaveBeenCalled();
  });
});
