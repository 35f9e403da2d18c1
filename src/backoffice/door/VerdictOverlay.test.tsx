// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupDom } from '../../../test/dom.ts';
import type { DoorTicketInfo } from '../../api/contract/door.ts';
import { setLocale } from '../../state/session.ts';
import type { DoorAnswer } from './engine.ts';
import type { Shown } from './useScanner.ts';
import { VerdictOverlay } from './VerdictOverlay.tsx';

const ticket: DoorTicketInfo = {
  ticketIdentifier: 'ABCD2345EFGH',
  reservationIdentifier: 'ORDER2345',
  presentationId: 7,
  customerName: 'Dana Levi',
  section: 'Stalls',
  row: '4',
  seat: '9',
  ticketType: { en: 'Child', he: 'ילד' },
  child: true,
  wheelchair: true,
  state: 'valid',
};

const answer = (over: Partial<DoorAnswer>): DoorAnswer => ({
  nonce: 'n',
  verdict: 'admitted',
  lastAt: null,
  lastDoor: null,
  conflict: false,
  ticket,
  pass: null,
  decidedOffline: false,
  ...over,
});

function show(shown: Shown | null) {
  const onDismiss = vi.fn();
  render(
    <MantineProvider>
      <VerdictOverlay shown={shown} onDismiss={onDismiss} />
    </MantineProvider>,
  );
  return { onDismiss, panel: () => screen.getByTestId('door-verdict') };
}

beforeAll(async () => {
  await setupDom();
  setLocale('en');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the verdict panel', () => {
  it('lets in in green with the seat, the ticket type, who, the order and the child and wheelchair badges, then goes by itself', () => {
    const { onDismiss, panel } = show({ seq: 1, code: 'x', answer: answer({}) });
    expect(panel().dataset.tone).toBe('green');
    const text = panel().textContent;
    for (const part of ['Come in', 'Stalls, row 4, seat 9', 'Child', 'Dana Levi', 'Order ORDER2345'])
      expect(text).toContain(part);
    expect(screen.getByTestId('door-badge-child').textContent).toBe('Child ticket');
    expect(screen.getByTestId('door-badge-wheelchair').textContent).toBe('Wheelchair space');
    expect(text).not.toContain('Tap to close');
    act(() => vi.advanceTimersByTime(1900));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('refuses in red with when and where it came in (the venue clock), and stays until tapped', () => {
    const { onDismiss, panel } = show({
      seq: 2,
      code: 'x',
      answer: answer({
        verdict: 'already_in',
        lastAt: '2026-11-28T17:42:00.000Z',
        lastDoor: 'Main entrance',
      }),
    });
    expect(panel().dataset.tone).toBe('red');
    expect(screen.getByTestId('door-verdict-title').textContent).toBe('Already inside');
    expect(screen.getByTestId('door-verdict-last').textContent).toBe(
      'Came in at 19:42 through \u2068Main entrance\u2069',
    );
    act(() => vi.advanceTimersByTime(10_000));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.click(panel());
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it("shows a voucher's name, holder, entries left and end, and says it was decided offline", () => {
    show({
      seq: 3,
      code: 'x',
      answer: answer({
        verdict: 'unknown',
        ticket: null,
        decidedOffline: true,
        pass: {
          kind: 'voucher',
          name: { en: 'Two films' },
          holder: 'Noa',
          usesLeft: 1,
          validUntil: '2027-01-31',
        },
      }),
    });
    const pass = screen.getByTestId('door-verdict-pass').textContent;
    for (const part of ['Two films', 'Noa', '1 entry left', 'Valid until 31/01/2027'])
      expect(pass).toContain(part);
    expect(screen.getByTestId('door-verdict-offline').textContent).toBe('Decided offline');
  });

  it('says a verdict it does not know as a plain red refusal, and a scan nobody answered as such', () => {
    show({
      seq: 4,
      code: 'x',
      answer: answer({ verdict: 'brand_new' as DoorAnswer['verdict'], ticket: null }),
    });
    expect(screen.getByTestId('door-verdict-title').textContent).toBe('Not admitted');
    expect(screen.getByTestId('door-verdict').dataset.tone).toBe('red');
    cleanup();
    show({ seq: 5, code: 'x', failed: new Error('network') });
    expect(screen.getByTestId('door-verdict-title').textContent).toBe(
      'No answer: check the network and scan again',
    );
  });
});
