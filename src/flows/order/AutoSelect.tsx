import { Button, Checkbox, Group, NumberInput, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stepperProps } from '../../ui/QuantityStepper.tsx';

/** What the customer asks auto-select for, besides the number of seats. */
export interface AutoSelectChoice {
  section: number | undefined;
  /** A price level (the plan's ticket group), for best available. */
  ticketGroup: number | undefined;
  /** A block with a wheelchair space. */
  accessible: boolean;
}

export interface AutoSelectProps {
  maxSeats: number;
  /** The price levels (ticket group, the price shown); the picker shows with two or more. */
  levels: { ticketGroup: number; label: string }[];
  /** Whether the plan has wheelchair spaces (the option shows where it has). */
  hasAccessible: boolean;
  /** The plan's sections (index into the plan's sections, name); the picker shows with two or more. */
  sections: { index: number; name: string }[];
  disabled: boolean;
  onRun: (count: number, choice: AutoSelectChoice) => void;
}

const ANY = 'any';

/**
 * "Choose seats for me": a number of seats, optionally within one section, at one price level and with a
 * wheelchair space. The shop picks the best available ones (bestAvailable.ts: the party together, in the
 * middle of the hall on the stage's line of sight), everywhere: spec section 4's first available put
 * customers in the front corner and split parties (issue 35).
 */
export function AutoSelect(props: AutoSelectProps) {
  const { t } = useTranslation();
  const [count, setCount] = useState(Math.min(2, props.maxSeats));
  const [section, setSection] = useState(ANY);
  const [level, setLevel] = useState(ANY);
  const [accessible, setAccessible] = useState(false);
  const run = () =>
    props.onRun(count, {
      section: section === ANY ? undefined : Number(section),
      ticketGroup: level === ANY ? undefined : Number(level),
      accessible,
    });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="auto-select">
      <NumberInput
        {...stepperProps({
          value: count,
          min: 1,
          max: props.maxSeats,
          onChange: setCount,
          name: t('order.quantity'),
        })}
        label={t('order.quantity')}
        clampBehavior="strict"
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
      {props.hasAccessible ? (
        <Checkbox
          label={t('order.needWheelchair')}
          checked={accessible}
          onChange={(e) => setAccessible(e.currentTarget.checked)}
          data-testid="auto-select-accessible"
          mb={8}
        />
      ) : null}
      <Button variant="light" onClick={run} disabled={props.disabled} data-testid="choose-for-me">
        {t('order.chooseForMe')}
      </Button>
    </Group>
  );
}
