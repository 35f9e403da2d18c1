// @vitest-environment jsdom
import { MantineProvider, NumberInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupDom } from '../../test/dom.ts';
import { clampQuantity, stepperProps } from './QuantityStepper.tsx';

function Popcorn({ start }: { start: number }) {
  const [n, setN] = useState(start);
  return (
    <MantineProvider>
      <NumberInput
        {...stepperProps({ value: n, min: 0, max: 3, onChange: setN, name: 'כמות פופקורן' })}
        aria-label="כמות פופקורן"
      />
    </MantineProvider>
  );
}

beforeAll(async () => {
  await setupDom();
  await i18next.changeLanguage('he');
});
afterEach(cleanup);

describe('clampQuantity', () => {
  it('keeps a whole number within the range; an empty field is the least', () => {
    expect(clampQuantity(2, 0, 20)).toBe(2);
    expect(clampQuantity(25, 0, 20)).toBe(20);
    expect(clampQuantity(-3, 1, 10)).toBe(1);
    expect(clampQuantity(2.7, 0, 20)).toBe(2);
    expect(clampQuantity('', 1, 10)).toBe(1);
    expect(clampQuantity('-', 0, 10)).toBe(0);
  });
});

describe('stepperProps', () => {
  it('gives the field a named "less" and "more" button that step within the range', () => {
    render(<Popcorn start={2} />);
    const more = screen.getByRole('button', { name: 'הגדלה: כמות פופקורן' });
    const less = screen.getByRole('button', { name: 'הקטנה: כמות פופקורן' });
    const field = screen.getByRole('textbox', { name: 'כמות פופקורן' });
    fireEvent.click(more);
    expect(field).toHaveValue('3');
    expect(more).toBeDisabled();
    for (let i = 0; i < 3; i++) fireEvent.click(less);
    expect(field).toHaveValue('0');
    expect(less).toBeDisabled();
    expect(more).toBeEnabled();
  });
});
