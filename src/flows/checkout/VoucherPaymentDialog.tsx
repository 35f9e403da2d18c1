import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoucherBalance } from '../../api/contract/checkout.ts';
import { api } from '../../api/endpoints.ts';
import { voucherAmountFor } from '../../domain/payment/split.ts';
import { currencySymbol, formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { OwnGiftCards } from './OwnGiftCards.tsx';
import type { AppliedVoucher } from './store.ts';

/**
 * The voucher-payment dialog (spec section 2): the customer types a gift card's code, sees its balance,
 * and applies an amount up to the balance and to what is still due; the rest is paid another way. A
 * logged-in customer may instead tap one of their own gift cards, listed above the code (issue 35).
 */
export function VoucherPaymentDialog({
  opened,
  due,
  onApply,
  onClose,
}: {
  opened: boolean;
  /** Agorot still to pay before this voucher. */
  due: number;
  onApply: (v: AppliedVoucher) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [reference, setReference] = useState('');
  const [found, setFound] = useState<VoucherBalance | null>(null);
  /** One of the customer's own cards, chosen from the list (paid by its id), instead of a code. */
  const [ownId, setOwnId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number>(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setReference('');
    setFound(null);
    setOwnId(null);
    setError(null);
  };
  const take = (v: VoucherBalance) => {
    setFound(v);
    setAmount(voucherAmountFor(v.balance, due) / 100);
  };
  const check = async () => {
    setBusy(true);
    setError(null);
    setFound(null);
    setOwnId(null);
    try {
      take(await api.voucherBalance(reference.trim().toUpperCase()));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  const max = found ? voucherAmountFor(found.balance, due) : 0;
  const agorot = Math.round(amount * 100);
  const valid = found !== null && agorot > 0 && agorot <= max;

  return (
    <Modal
      opened={opened}
      onClose={() => {
        reset();
        onClose();
      }}
      title={t('checkout.voucherTitle')}
      centered
      data-testid="voucher-dialog"
    >
      <Stack>
        <OwnGiftCards
          chosen={ownId}
          onChoose={(c) => {
            setReference('');
            setError(null);
            setOwnId(c.id);
            take({ reference: c.code, name: c.name, balance: c.balance, endDate: c.endDate });
          }}
        />
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('checkout.voucherCode')}
            value={reference}
            onChange={(e) => {
              setReference(e.currentTarget.value);
              if (ownId) {
                setOwnId(null);
                setFound(null);
              }
            }}
            dir="ltr"
            style={{ flex: 1 }}
            name="voucherCode"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && reference.trim()) void check();
            }}
          />
          <Button
            onClick={() => void check()}
            loading={busy}
            disabled={!reference.trim()}
            data-testid="voucher-check"
          >
            {t('checkout.voucherCheck')}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" role="alert" data-testid="voucher-error">
            {error}
          </Alert>
        ) : null}
        {found ? (
          <Stack gap="xs" data-testid="voucher-found">
            <Text fw={600}>{pickText(found.name, locale)}</Text>
            <Text size="sm">
              {t('checkout.voucherBalance', {
                balance: formatPrice(found.balance, locale),
                date: formatDate(found.endDate, locale),
              })}
            </Text>
            <NumberInput
              label={t('checkout.voucherAmount', { max: formatPrice(max, locale) })}
              value={amount}
              onChange={(v) => setAmount(typeof v === 'number' ? v : Number(v) || 0)}
              min={0}
              max={max / 100}
              decimalScale={2}
              fixedDecimalScale
              prefix={currencySymbol()}
              dir="ltr"
              name="voucherAmount"
              error={
                found && !valid
                  ? t('checkout.voucherAmountInvalid', { max: formatPrice(max, locale) })
                  : undefined
              }
            />
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('checkout.close')}
          </Button>
          <Button
            disabled={!valid}
            onClick={() => {
              if (!found) return;
              onApply({
                reference: found.reference,
                name: found.name,
                balance: found.balance,
                amount: agorot,
                ...(ownId ? { giftCardId: ownId } : {}),
              });
              reset();
              onClose();
            }}
            data-testid="voucher-apply"
          >
            {t('checkout.voucherApply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
