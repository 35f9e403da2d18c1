import { NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PresentationUpdate } from '../../api/contract/programmeAdmin.ts';
import { errorText } from '../../ui/errorText.ts';
import { plansApi } from '../plans/api.ts';
import { touchInput } from '../ui/touch.ts';
import { useLoaded } from '../venues/shared.tsx';
import type { AdminPresentation } from './api.ts';

/**
 * The seating a show's dialog edits: a general-admission capacity (as typed; empty: the whole plan) and
 * a plan version.
 */
export interface SeatingDraft {
  capacity: string;
  seatplanId: number;
}

export function seatingDraftOf(show: AdminPresentation): SeatingDraft {
  const limited = !show.isReserved && show.capacity < show.planCapacity;
  return { capacity: limited ? String(show.capacity) : '', seatplanId: show.seatplanId };
}

/** The capacity typed: null for the whole plan, undefined when it is not a whole number from 1. */
function typedCapacity(text: string): number | null | undefined {
  const v = text.trim();
  if (v === '') return null;
  return /^\d+$/.test(v) && Number(v) >= 1 ? Number(v) : undefined;
}

export const capacityValid = (draft: SeatingDraft) => typedCapacity(draft.capacity) !== undefined;

/** What of the seating changed, for PATCH /admin/presentations/:id (the box office checks the rest). */
export function seatingChange(
  show: AdminPresentation,
  draft: SeatingDraft,
): Pick<PresentationUpdate, 'capacity' | 'seatplanId'> {
  const change: Pick<PresentationUpdate, 'capacity' | 'seatplanId'> = {};
  if (draft.seatplanId !== show.seatplanId) change.seatplanId = draft.seatplanId;
  const capacity = typedCapacity(draft.capacity);
  if (!show.isReserved && capacity !== undefined) {
    const was = seatingDraftOf(show).capacity;
    if (draft.capacity.trim() !== was) change.capacity = capacity;
  }
  return change;
}

/**
 * The seating fields of a show's dialog: a general-admission show's capacity (the first N places of its
 * plan sell online), a numbered show's plan version (the published versions of its hall).
 */
export function ShowSeatingFields({
  show,
  draft,
  invalid,
  onChange,
}: {
  show: AdminPresentation;
  draft: SeatingDraft;
  invalid: boolean;
  onChange(d: SeatingDraft): void;
}) {
  const { t } = useTranslation();
  if (!show.isReserved)
    return (
      <TextInput
        label={t('backoffice.programme.capacity')}
        description={t('backoffice.programme.capacityHint', { places: show.planCapacity })}
        name="show-capacity"
        inputMode="numeric"
        placeholder={String(show.planCapacity)}
        value={draft.capacity}
        error={invalid ? t('backoffice.programme.capacityInvalid') : undefined}
        onChange={(e) => onChange({ ...draft, capacity: e.currentTarget.value })}
        styles={touchInput}
        data-testid="show-capacity"
      />
    );
  return <PlanVersionSelect show={show} draft={draft} onChange={onChange} />;
}

function PlanVersionSelect({
  show,
  draft,
  onChange,
}: {
  show: AdminPresentation;
  draft: SeatingDraft;
  onChange(d: SeatingDraft): void;
}) {
  const { t } = useTranslation();
  const versions = useLoaded((signal) => plansApi.versions(show.hallId, signal), `hall-${show.hallId}`);
  const published = (versions.data?.versions ?? []).filter((v) => v.status === 'published');
  // Until the list comes, the show's own version is the one choice.
  const data = published.length
    ? published.map((v) => ({
        value: String(v.id),
        label: t('backoffice.programme.planVersionOption', { version: v.version, seats: v.seats }),
      }))
    : [{ value: String(show.seatplanId), label: '…' }];
  return (
    <NativeSelect
      label={t('backoffice.programme.planVersion')}
      description={t('backoffice.programme.planVersionHint')}
      value={String(draft.seatplanId)}
      onChange={(e) => onChange({ ...draft, seatplanId: Number(e.currentTarget.value) })}
      data={data}
      disabled={published.length < 2}
      error={versions.error ? errorText(t, versions.error) : undefined}
      styles={touchInput}
      data-testid="show-plan-version"
    />
  );
}
