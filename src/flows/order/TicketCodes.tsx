import { Alert, Button, Card, CloseButton, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoucherByCodeButton } from '../../api/contract/session.ts';
import type { TicketCodeResult } from '../../api/contract/vouchers.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { CodeButtonDialog } from './CodeButtonDialog.tsx';
import { codeErrorText } from './codeErrorText.ts';
import { SeniorLookup } from './SeniorLookup.tsx';
import type { HeldSeat } from './model.ts';
import { seatsUsing, shownCode } from './ticketCodes.ts';

interface Props {
  /** The venue's voucher-by-code buttons that apply to the presentation (domain/order/whatApplies.ts). */
  buttons: readonly VoucherByCodeButton[];
  /** The code field: the presentation sells tickets a code unlocks (false: the senior lookup alone). */
  withCodes: boolean;
  codes: readonly TicketCodeResult[];
  seats: readonly HeldSeat[];
  onApply: (code: string) => Promise<unknown>;
  onRemove: (code: string) => void;
  /** Senior-citizen prices by ID number (issue 20); absent when the venue does not offer them. */
  onApplySenior?: ((idNumber: string) => Promise<unknown>) | undefined;
}

/**
 * Ticket codes on the ticket step (spec section 5): a field for a voucher, partner card or price code,
 * the venue's voucher-by-code buttons (partner cards with their images, a generic code), and the codes
 * applied, each with what it gives and a way to remove it. Only what applies to the presentation is
 * offered (issue 35): its caller leaves the whole card out where nothing does.
 */
export function TicketCodes({ buttons, withCodes, codes, seats, onApply, onRemove, onApplySenior }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<VoucherByCodeButton | null>(null);

  const apply = async () => {
    if (!value.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onApply(value);
      setValue('');
    } catch (err) {
      setError(codeErrorText(t, err, value));
    } finally {
      setBusy(false);
    }
  };

  /** What an applied code gives, in a line. */
  const detail = (c: TicketCodeResult) => {
    switch (c.kind) {
      case 'voucher':
        return t('ticketCodes.voucherUsed', { used: seatsUsing(seats, c.code), uses: c.uses ?? 0 });
      case 'giftCard':
        return t('ticketCodes.giftCardDetail', { balance: formatPrice(c.balance ?? 0, locale) });
      case 'partnerCard':
        return t('ticketCodes.partnerDetail');
      case 'priceCode':
        return t('ticketCodes.priceCodeDetail');
      case 'senior':
        return t('seniorLookup.detail', { used: seatsUsing(seats, c.code), uses: c.uses ?? 0 });
    }
  };

  return (
    <Card withBorder padding="md" data-testid="ticket-codes">
      <Stack gap="sm">
        {withCodes ? (
          <Stack gap={2}>
            <Title order={3} fz="h5">
              {t('ticketCodes.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('ticketCodes.intro')}
            </Text>
          </Stack>
        ) : null}
        {buttons.length ? (
          <Group gap="xs" data-testid="code-buttons">
            {buttons.map((b, i) => (
              <Button
                key={i}
                variant="default"
                size="sm"
                onClick={() => setDialog(b)}
                leftSection={b.image ? <Image src={b.image} alt="" w={30} h={19} radius={2} /> : null}
                data-testid="code-button"
              >
                {pickText(b.label, locale)}
              </Button>
            ))}
          </Group>
        ) : null}
        {withCodes ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('ticketCodes.codeLabel')}
              placeholder={t('ticketCodes.codePlaceholder')}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void apply();
              }}
              dir="ltr"
              autoComplete="off"
              style={{ flex: 1 }}
              maw={360}
              data-testid="code-input"
            />
            <Button
              onClick={() => void apply()}
              loading={busy}
              disabled={!value.trim()}
              data-testid="code-apply"
            >
              {t('ticketCodes.apply')}
            </Button>
          </Group>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" data-testid="code-error">
            {error}
          </Alert>
        ) : null}
        {onApplySenior ? <SeniorLookup onApply={onApplySenior} /> : null}
        {codes.length ? (
          <Stack gap={6} data-testid="applied-codes">
            {codes.map((c) => (
              <Group
                key={c.code}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                p="xs"
                bg="var(--mantine-color-default-hover)"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                data-testid="applied-code"
              >
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {pickText(c.name, locale)}{' '}
                    <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {shownCode(c)}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {detail(c)}
                  </Text>
                </Stack>
                <CloseButton
                  aria-label={t('ticketCodes.remove', { code: shownCode(c) })}
                  onClick={() => onRemove(c.code)}
                  data-testid="remove-code"
                />
              </Group>
            ))}
          </Stack>
        ) : null}
      </Stack>
      <CodeButtonDialog button={dialog} onApply={onApply} onClose={() => setDialog(null)} />
    </Card>
  );
}
