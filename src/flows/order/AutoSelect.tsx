import { Button, Checkbox, Group, NumberInput, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type AutoSelectMode = 'first' | 'best';

/** What the customer asks auto-select for, besides the number of seats. */
export interface AutoSelectChoice {
  section: number | undefined;
  /** A price level (the plan's ticket group), for best available. */
  ticketGroup: number | undefined;
  /** Best available: a block with a wheelchair space. */
  accessible: boolean;
}

export interface AutoSelectProps {
  maxSeats: number;
  /** The price levels (ticket group, the price shown); the picker shows with two or more. */
  levels: { ticketGroup: number; label: string }[];
  /** Whether the plan has wheelchair spaces (the option shows for best available where it has). */
  hasAccessible: boolean;
  /** The plan's sections (index into the plan's sections, name); the picker shows with two or more. */
  sections: { index: number; name: string }[];
  /** Best available is offered where the presentation enables it; first available always. */
  bestEnabled: boolean;
  disabled: boolean;
  onRun: (count: number, mode: AutoSelectMode, choice: AutoSelectChoice) => void;
}

const ANY = 'any';

/**
 * "Choose seats for me" (spec section 4: auto-select picks the first available seats) and, where the
 * presentation enables it, "Find the best seats": a number of seats, optionally within one section and
 * at one price level, and (best seats) with a wheelchair space.
 */
export function AutoSelect(props: AutoSelectProps) {
  const { t } = useTranslation();
  const [count, setCount] = useState(Math.min(2, props.maxSeats));
  const [section, setSection] = useState(ANY);
  const [level, setLevel] = useState(ANY);
  const [accessible, setAccessible] = useState(false);
  const run = (mode: AutoSelectMode) =>
    props.onRun(count, mode, {
      section: section === ANY ? undefined : Number(section),
      ticketGroup: level === ANY ? undefined : Number(level),
      accessible: mode === 'best' && accessible,
    });
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
      {props.levels.length > 1 ? (
        <Select
          label={t('order.priceLevel')}
          data={[
            { value: ANY, label: t('order.anyPrice') },
            ...props.levels.map((l) => ({ value: String(l.ticketGroup), label: l.label })),
          ]}
          value={level}
          onChange={(v) => setLevel(v ?? ANY)}
          allowDeselect={false}
          w={160}
          data-testid="auto-select-level"
        />
      ) : null}
      {props.bestEnabled && props.hasAccessible ? (
        <Checkbox
          label={t('order.needWheelchair')}
          checked={accessible}
          onChange={(e) => setAccessible(e.currentTarget.checked)}
          data-testid="auto-select-accessible"
          mb={8}
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
