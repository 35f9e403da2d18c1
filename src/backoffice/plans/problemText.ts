import type { TFunction } from 'i18next';
import { isLocale } from '../../api/contract/constants.ts';
import { NATIVE_NAMES } from '../../ui/LanguageButton.tsx';
import type { PlanProblemView } from './api.ts';

type Params = NonNullable<PlanProblemView['params']>;

const str = (v: string | number | undefined): string | undefined => (v === undefined ? undefined : String(v));

/**
 * A problem's sentence: its code's translation (backoffice.plans.problems.<code>) with its parameters; the
 * codes' own words (a CSV reader's reason, a format detail, a locale) are translated too where known.
 */
export function problemMessage(t: TFunction, p: PlanProblemView): string {
  const params: Params = p.params ?? {};
  const reason = str(params.reason);
  const detail = str(params.detail);
  const locale = str(params.locale);
  return t(`backoffice.plans.problems.${p.code}`, {
    ...params,
    ...(reason ? { reason: t(`backoffice.plans.reasons.${reason}`, { defaultValue: reason }) } : {}),
    ...(detail ? { detail: t(`backoffice.plans.details.${detail}`, { defaultValue: detail }) } : {}),
    ...(locale ? { language: isLocale(locale) ? NATIVE_NAMES[locale] : locale } : {}),
    defaultValue: p.code,
  });
}

/** The seat a problem names, as a person reads it. */
export function seatName(t: TFunction, seat: { section: string; row: string; seat: string }): string {
  return t('backoffice.plans.seatName', seat);
}

/**
 * Where a problem is: the file's line or JSON path, the seat, the CSV column and value, and the other
 * seat of a pair (the same spot, the same name, the same key).
 */
export function problemPlaces(t: TFunction, p: PlanProblemView): string[] {
  const params: Params = p.params ?? {};
  const out: string[] = [];
  if (p.line !== undefined) out.push(t('backoffice.plans.atLine', { line: p.line }));
  if (p.path !== undefined) out.push(t('backoffice.plans.atPath', { path: p.path }));
  if (p.seat) out.push(seatName(t, p.seat));
  if (params.column !== undefined && p.code === 'format_invalid')
    out.push(t('backoffice.plans.atColumn', { column: params.column, value: params.value ?? '' }));
  const otherRow = str(params.otherRow);
  const otherSeat = str(params.otherSeat);
  if (otherRow !== undefined && otherSeat !== undefined) {
    const section = str(params.otherSection) ?? p.seat?.section ?? '';
    out.push(
      t('backoffice.plans.other', { place: seatName(t, { section, row: otherRow, seat: otherSeat }) }),
    );
  }
  if (params.otherLine !== undefined)
    out.push(
      t('backoffice.plans.other', { place: t('backoffice.plans.atLine', { line: params.otherLine }) }),
    );
  else if (params.otherPath !== undefined)
    out.push(
      t('backoffice.plans.other', { place: t('backoffice.plans.atPath', { path: params.otherPath }) }),
    );
  return out;
}
