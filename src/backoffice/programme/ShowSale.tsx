import { Checkbox, Chip, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LockTimer } from '../../api/contract/presentations.ts';
import type { PresentationUpdate } from '../../api/contract/programmeAdmin.ts';
import type { AdminSaleOptions } from '../../api/contract/saleOptionsAdmin.ts';
import { currencySymbol } from '../../i18n/format.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useName } from '../venues/shared.tsx';
import type { AdminPresentation } from './api.ts';

const STEPS = [
  'chooseSeatsInSeconds',
  'chooseTicketsInSeconds',
  'customerInfoInSeconds',
  'chooseProductsInSeconds',
] as const satisfies readonly (keyof LockTimer)[];

/** How a show sells, as its dialog edits it: typed values (a fee in the currency's unit, minutes). */
export interface SaleDraft {
  noSingles: boolean;
  fee: number | string;
  minutes: Record<keyof LockTimer, number | string>;
  waiverId: string;
  miniSiteIds: number[];
}

export function saleDraftOf(show: AdminPresentation): SaleDraft {
  return {
    noSingles: show.seatingPolicyId === 3,
    fee: show.serviceCharge / 100,
    minutes: Object.fromEntries(STEPS.map((k) => [k, show.lockTimer[k] / 60])) as SaleDraft['minutes'],
    waiverId: show.waiverId === null ? '' : String(show.waiverId),
    miniSiteIds: [...show.miniSiteIds].sort((a, b) => a - b),
  };
}

const minor = (v: number | string) => Math.round(Number(v) * 100);
const seconds = (v: number | string) => Math.round(Number(v) * 60);

/** The fee and step times typed are numbers the box office takes (a fee from 0, a step from a minute). */
export function saleValid(d: SaleDraft): boolean {
  const fee = minor(d.fee);
  return (
    d.fee !== '' &&
    Number.isFinite(fee) &&
    fee >= 0 &&
    STEPS.every(
      (k) => d.minutes[k] !== '' && Number.isFinite(seconds(d.minutes[k])) && seconds(d.minutes[k]) >= 60,
    )
  );
}

/** What of the sale changed, for PATCH /admin/presentations/:id. */
export function saleChange(
  show: AdminPresentation,
  d: SaleDraft,
): Pick<PresentationUpdate, 'seatingPolicyId' | 'serviceCharge' | 'lockTimer' | 'waiverId' | 'miniSiteIds'> {
  const was = saleDraftOf(show);
  const change: ReturnType<typeof saleChange> = {};
  if (show.isReserved && d.noSingles !== was.noSingles) change.seatingPolicyId = d.noSingles ? 3 : 1;
  if (minor(d.fee) !== show.serviceCharge) change.serviceCharge = minor(d.fee);
  if (STEPS.some((k) => seconds(d.minutes[k]) !== show.lockTimer[k]))
    change.lockTimer = Object.fromEntries(STEPS.map((k) => [k, seconds(d.minutes[k])])) as LockTimer;
  if (d.waiverId !== was.waiverId) change.waiverId = d.waiverId === '' ? null : Number(d.waiverId);
  const sites = [...d.miniSiteIds].sort((a, b) => a - b);
  if (sites.join() !== was.miniSiteIds.join()) change.miniSiteIds = sites;
  return change;
}

/**
 * A show's sale in its dialog: the single-seat rule (numbered seats), the handling fee per ticket (new
 * sales), the minutes each order step may take, the waiver its orders sign and the partners' mini-sites
 * that sell it.
 */
export function ShowSaleFields({
  show,
  draft,
  options,
  onChange,
}: {
  show: AdminPresentation;
  draft: SaleDraft;
  options: AdminSaleOptions | undefined;
  onChange(d: SaleDraft): void;
}) {
  const { t } = useTranslation();
  const name = useName();
  const set = (over: Partial<SaleDraft>) => onChange({ ...draft, ...over });
  return (
    <Stack gap="sm" data-testid="show-sale">
      {show.isReserved ? (
        <Checkbox
          label={t('backoffice.programme.noSingleSeats')}
          checked={draft.noSingles}
          onChange={(e) => set({ noSingles: e.currentTarget.checked })}
          styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
          data-testid="show-no-singles"
        />
      ) : null}
      <NumberInput
        label={t('backoffice.programme.fee')}
        description={t('backoffice.programme.feeHint')}
        value={draft.fee}
        onChange={(fee) => set({ fee })}
        min={0}
        decimalScale={2}
        fixedDecimalScale
        prefix={`${currencySymbol()} `}
        hideControls
        styles={touchInput}
        data-testid="show-fee"
      />
      <Text size="sm" fw={500}>
        {t('backoffice.programme.stepMinutes')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {STEPS.map((k) => (
          <NumberInput
            key={k}
            label={t(`backoffice.programme.steps.${k}`)}
            value={draft.minutes[k]}
            onChange={(v) => set({ minutes: { ...draft.minutes, [k]: v } })}
            min={1}
            max={120}
            decimalScale={1}
            styles={touchInput}
            data-testid={`show-step-${k}`}
          />
        ))}
      </SimpleGrid>
      <NativeSelect
        label={t('backoffice.programme.waiver')}
        value={draft.waiverId}
        onChange={(e) => set({ waiverId: e.currentTarget.value })}
        data={[
          { value: '', label: t('backoffice.programme.noWaiver') },
          ...(options?.waivers ?? []).map((w) => ({ value: String(w.id), label: name(w.name) })),
        ]}
        disabled={!options}
        styles={touchInput}
        data-testid="show-waiver"
      />
      {options && options.miniSites.length > 0 ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('backoffice.programme.miniSites')}
          </Text>
          <Chip.Group
            multiple
            value={draft.miniSiteIds.map(String)}
            onChange={(ids) => set({ miniSiteIds: ids.map(Number) })}
          >
            <Group gap={6}>
              {options.miniSites.map((m) => (
                <Chip
                  key={m.id}
                  value={String(m.id)}
                  size="md"
                  styles={{ label: { minHeight: TOUCH_PX, height: 'auto', whiteSpace: 'normal' } }}
                  data-testid="show-mini-site"
                >
                  {name(m.name)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
