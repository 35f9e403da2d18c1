import { Button, Group, NumberInput, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type AutoSelectMode = 'first' | 'best';

export interface AutoSelectProps {
  maxSeats: number;
  /** The plan's sections (index into the plan's sections, name); the picker shows with two or more. */
  sections: { index: number; name: string }[];
  /** Best available is offered where the presentation enables it; first available always. */
  bestEnabled: boolean;
  disabled: boolean;
  onRun: (count: number, mode: AutoSelectMode, section: number | undefined) => void;
}

const ANY = 'any';

/**
 * "Choose seats for me" (spec section 4: auto-select picks the first available seats) and, where the
 * presentation enables it, "Find the best seats": a number of seats, optionally within one section.
 */
export function AutoSelect(props: AutoSelectProps) {
  const { t } = useTranslation();
  const [count, setCount] = useState(Math.min(2, props.maxSeats));
  const [section, setSection] = useState(ANY);
  const run = (mode: AutoSelectMode) =>
    props.onRun(count, mode, section === ANY ? undefined : Number(section));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="auto-select">
      <NumberInput
        label={t('order.quantity')}
        min={1}
        max={props.maxSeats}
        clampBehavior="strict"
        value={count}
        onChange={(v) => setCount(typeof v === 'number' && v >= 1 ? v : 1)}
        w={160}
        data-testid="auto-select-count"
      />
      {props.sections.length > 1 ? (
        <Select
          label={t('order.section')}
          data={[
            { value: ANY, label: t('order.anySection') },
            ...props.sections.map((s) => ({ value: String(s.index), label: s.name })),
          ]}
          value={section}
          onChange={(v) => setSection(v ?? ANY)}
          allowDeselect={false}
          searchable={props.sections.length > 8}
          w={200}
          data-testid="auto-select-section"
        />
      ) : null}
      <Button
        variant="light"
        onClick={() => run('first')}
        disabled={props.disabled}
        data-testid="first-available"
      >
        {t('order.firstAvailable')}
      </Button>
      {props.bestEnabled ? (
        <Button
          variant="light"
          onClick={() => run('best')}
          disabled={props.disabled}
          data-testid="best-available"
        >
          {t('order.bestAvailable')}
        </Button>
      ) : null}
    </Group>
  );
}
