import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isRenewable } from '../../domain/membershipRules.ts';
import { calendarDate } from '../../domain/venue.ts';
import { formatDate, pickText } from '../../i18n/format.ts';
import { customerState, setCustomer } from '../../state/customer.ts';
import { CodeInput } from '../../ui/CodeInput.tsx';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { membershipApi } from './api.ts';
import { PriceTag } from './PriceCard.tsx';
import type { MembershipStore } from './store.ts';

/**
 * Renewal and top-ups (spec section 2): a member of this membership (logged in, or found by ID number
 * and logged in with the code sent to their mobile) renews it when it is ending (the box office's own
 * rule, `isRenewable`) or adds tickets to a running one.
 */
export function RenewPanel({ store }: { store: MembershipStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { customer } = useSnapshot(customerState);
  const m = store.membership;
  const renewals = m.prices.filter((p) => p.kind !== 'new');
  const [today] = useState(() => calendarDate(Date.now()));
  if (renewals.length === 0) return null;
  const members = (customer?.members ?? []).filter((x) => x.membershipId === m.MembershipId);
  if (!customer) return <MemberLookup />;
  if (members.length === 0) return null;
  return (
    <Card withBorder padding="md" data-testid="renew-panel">
      <Stack gap="sm">
        <Text fw={600}>{t('memberships.yourMemberships')}</Text>
        {members.map((member) => (
          <Stack key={member.memberNumber} gap={6}>
            <Text size="sm">
              {t('memberships.memberUntil', {
                number: member.memberNumber,
                date: formatDate(member.endDate, locale),
              })}
            </Text>
            <Group gap="xs">
              {renewals
                .filter((p) =>
                  p.kind === 'renewal' ? isRenewable(member.endDate, today) : member.isAvailable,
                )
                .map((p) => (
                  <Button
                    key={p.MembershipPriceId}
                    variant="light"
                    data-testid={`renew-${p.kind}`}
                    onClick={() => store.add(m, p, { memberNumber: member.memberNumber })}
                  >
                    <Group gap={6} wrap="nowrap">
                      <span>{pickText(p.name, locale)}</span>
                      <PriceTag price={p} />
                    </Group>
                  </Button>
                ))}
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * Member lookup by ID number: the code goes to the member's mobile, and the code logs them in. The
 * lookup answers alike whoever the ID number names (issue 32), so the text says where the code went only
 * "if"; the memberships come with the login.
 */
function MemberLookup() {
  const { t } = useTranslation();
  const [ssn, setSsn] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="md" data-testid="member-lookup">
      <Stack gap="xs">
        <Text fw={600}>{t('memberships.alreadyMember')}</Text>
        {!sent ? (
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('memberships.ssn')}
              value={ssn}
              inputMode="numeric"
              dir="ltr"
              onChange={(e) => setSsn(e.currentTarget.value)}
              error={error}
              data-testid="lookup-ssn"
            />
            <Button
              variant="light"
              loading={busy}
              onClick={() =>
                void run(async () => {
                  await membershipApi.lookup(ssn);
                  setSent(true);
                })
              }
            >
              {t('memberships.findMe')}
            </Button>
          </Group>
        ) : (
          <Stack gap="xs">
            <Text size="sm">{t('memberships.codeSentIfMember')}</Text>
            <CodeInput
              length={6}
              oneTimeCode
              aria-label={t('account.codeLabel')}
              disabled={busy}
              onComplete={(code) =>
                void run(async () =>
                  setCustomer((await membershipApi.memberLogin(ssn, code)).data.customerInfo),
                )
              }
            />
            {error ? (
              <Text size="sm" c="red">
                {error}
              </Text>
            ) : null}
            {/* No answer says an ID number was mistyped: the way back to it is always there. */}
            <Button
              variant="subtle"
              h={44}
              disabled={busy}
              onClick={() => {
                setSent(false);
                setError(null);
              }}
            >
              {t('memberships.otherSsn')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
