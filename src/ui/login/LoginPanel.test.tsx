// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupDom } from '../../../test/dom.ts';
import { api } from '../../api/endpoints.ts';
import { session } from '../../state/session.ts';
import { LoginPanel } from './LoginPanel.tsx';

vi.mock('../../api/endpoints.ts', () => ({ api: { mobileLogin: vi.fn(), mobileLoginValidation: vi.fn() } }));
const mocked = vi.mocked(api);

/** Opens the panel in `lang` and asks for a code: the six boxes show. */
async function toCodeStep(lang: 'en' | 'he') {
  session.locale = lang;
  await i18next.changeLanguage(lang);
  mocked.mobileLogin.mockResolvedValue({ data: { success: true } } as never);
  render(
    <MantineProvider>
      <LoginPanel />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByRole('textbox'), { target: { value: '0501234567' } });
  await act(async () => fireEvent.click(screen.getByTestId('send-code')));
  return screen.getAllByRole('textbox');
}

function typeCode(boxes: HTMLElement[], code: string) {
  code.split('').forEach((digit, i) => fireEvent.change(boxes[i]!, { target: { value: digit } }));
}

beforeAll(setupDom);
beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

describe('LoginPanel: the SMS code', () => {
  it('names each box in the page language', async () => {
    const boxes = await toCodeStep('he');
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `ספרה ${n} מתוך 6`),
    );
    expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('logs in once the last digit is typed, and a tap on the button meanwhile sends nothing more', async () => {
    let answer!: (v: unknown) => void;
    mocked.mobileLoginValidation.mockReturnValue(new Promise((r) => (answer = r)) as never);
    const boxes = await toCodeStep('en');
    typeCode(boxes, '12345');
    expect(mocked.mobileLoginValidation).not.toHaveBeenCalled();
    typeCode(boxes.slice(5), '6');
    expect(mocked.mobileLoginValidation).toHaveBeenCalledTimes(1);
    expect(mocked.mobileLoginValidation).toHaveBeenCalledWith({
      mobileNumber: '0501234567',
      smsCode: '123456',
    });
    fireEvent.click(screen.getByTestId('verify-code'));
    fireEvent.submit(screen.getByTestId('verify-code').closest('form')!);
    expect(mocked.mobileLoginValidation).toHaveBeenCalledTimes(1);
    await act(async () => answer({ data: { customerInfo: null } }));
  });

  it('logs in from a code pasted or filled in whole from the SMS', async () => {
    mocked.mobileLoginValidation.mockRejectedValue(new Error('wrong'));
    const boxes = await toCodeStep('en');
    await act(async () => fireEvent.change(boxes[0]!, { target: { value: '654321' } }));
    expect(mocked.mobileLoginValidation).toHaveBeenCalledTimes(1);
    expect(mocked.mobileLoginValidation).toHaveBeenCalledWith({
      mobileNumber: '0501234567',
      smsCode: '654321',
    });
    // A wrong code: the customer corrects a digit, and the corrected code goes by itself too.
    fireEvent.change(boxes[5]!, { target: { value: '' } });
    await act(async () => typeCode(boxes.slice(5), '0'));
    expect(mocked.mobileLoginValidation).toHaveBeenCalledTimes(2);
  });
});
