import { NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketTypeCreate } from '../../api/contract/pricesAdmin.ts';
import type { AdminSaleOptions } from '../../api/contract/saleOptionsAdmin.ts';
import { programmeApi } from '../programme/api.ts';
import { touchInput } from '../ui/touch.ts';
import { useLoaded, useName } from '../venues/shared.tsx';

type Audience = NonNullable<TicketTypeCreate['audience']>;
export type AudienceKind = Audience['kind'];

/** Who a new ticket type is for, as typed: a kind, and the membership, site, class or code it names. */
export interface AudienceDraft {
  kind: AudienceKind;
  ref: string;
  code: string;
}
export const EVERYONE: AudienceDraft = { kind: 'everyone', ref: '', code: '' };

/** The options of each kind that names one (a membership, a mini-site, a voucher class, a programme). */
const listOf = (o: AdminSaleOptions, kind: AudienceKind) =>
  kind === 'member'
    ? o.memberships
    : kind === 'miniSite'
      ? o.miniSites
      : kind === 'voucher'
        ? o.voucherClasses
        : kind === 'partnerProgram'
          ? o.partnerPrograms
          : null;

/** The audience the box office takes, or null while a kind still lacks what it names. */
export function audienceOf(d: AudienceDraft): Audience | null {
  const id = Number(d.ref);
  switch (d.kind) {
    case 'everyone':
    case 'senior':
      return { kind: d.kind };
    case 'code':
      return /^[A-Za-z0-9_-]{3,40}$/.test(d.code.trim()) ? { kind: 'code', priceCode: d.code.trim() } : null;
    case 'member':
      return id > 0 ? { kind: 'member', membershipId: id } : null;
    case 'miniSite':
      return id > 0 ? { kind: 'miniSite', miniSiteId: id } : null;
    case 'voucher':
      return id > 0 ? { kind: 'voucher', voucherClassId: id } : null;
    case 'partnerProgram':
      return id > 0 ? { kind: 'partnerProgram', partnerProgramId: id } : null;
  }
}

const KINDS: AudienceKind[] = [
  'everyone',
  'senior',
  'code',
  'member',
  'miniSite',
  'voucher',
  'partnerProgram',
];

/** For whom: everyone, seniors, whoever has a price code, a membership's holders, a site's, a class's. */
export function AudienceFields({
  draft,
  onChange,
}: {
  draft: AudienceDraft;
  onChange(d: AudienceDraft): void;
}) {
  const { t } = useTranslation();
  const name = useName();
  const options = useLoaded((signal) => programmeApi.saleOptions(signal), 'sale-options');
  const list = options.data ? listOf(options.data, draft.kind) : null;
  return (
    <>
      <NativeSelect
        label={t('backoffice.prices.forWhom')}
        value={draft.kind}
        onChange={(e) => onChange({ ...EVERYONE, kind: e.currentTarget.value as AudienceKind })}
        data={KINDS.map((k) => ({ value: k, label: t(`backoffice.prices.audiences.${k}`) }))}
        styles={touchInput}
        data-testid="ticket-type-audience"
      />
      {draft.kind === 'code' ? (
        <TextInput
          label={t('backoffice.prices.priceCode')}
          description={t('backoffice.prices.priceCodeHint')}
          value={draft.code}
          maxLength={40}
          onChange={(e) => onChange({ ...draft, code: e.currentTarget.value })}
          styles={touchInput}
          data-testid="ticket-type-code"
        />
      ) : list ? (
        <NativeSelect
          label={t(`backoffice.prices.audiences.${draft.kind}`)}
          value={draft.ref}
          onChange={(e) => onChange({ ...draft, ref: e.currentTarget.value })}
          data={[
            { value: '', label: t('backoffice.prices.choose') },
            ...list.map((o) => ({ value: String(o.id), label: name(o.name) })),
          ]}
          styles={touchInput}
          data-testid="ticket-type-audience-ref"
        />
      ) : null}
    </>
  );
}
