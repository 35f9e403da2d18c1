import { Card, Checkbox, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isLocale } from '../../api/contract/common.ts';
import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX } from '../../domain/giftDelivery.ts';
import { NATIVE_NAMES } from '../../ui/LanguageButton.tsx';
import { type GiftField, giftProblems } from './gift.ts';
import type { VoucherStore } from './store.ts';

/**
 * "Send as a gift" at the voucher order's payment step (issue 35): the recipient's name and e-mail, a
 * message, the day the e-mail goes out (today until the cards expire) and its language. Shown only when
 * every voucher chosen is a gift card; a field's problem shows once it was left, or after a try to pay.
 */
export function GiftForm({ store }: { store: VoucherStore }) {
  const { t } = useTranslation();
  const g = useSnapshot(store.gift);
  const c = useSnapshot(store.checkout.state);
  const [left, setLeft] = useState<Partial<Record<GiftField, boolean>>>({});
  if (!store.canGift()) return null;
  const window = store.giftWindow();
  const problems = giftProblems(g, window);
  const shown = (f: GiftField) => {
    const key = problems[f];
    return key && (c.submitted || left[f]) ? t(key) : undefined;
  };
  const leave = (f: GiftField) => () => setLeft((x) => ({ ...x, [f]: true }));
  const enabled = store.settings.locales.enabled;

  return (
    <Card withBorder padding="md" data-testid="gift-form">
      <Stack gap="sm">
        <Checkbox
          label={t('vouchers.gift.option')}
          description={t('vouchers.gift.optionHint')}
          checked={g.on}
          onChange={(e) => store.setGift({ on: e.currentTarget.checked })}
          data-testid="send-as-gift"
        />
        {g.on ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('vouchers.gift.recipientName')}
                required
                maxLength={GIFT_NAME_MAX}
                value={g.recipientName}
                onChange={(e) => store.setGift({ recipientName: e.currentTarget.value })}
                onBlur={leave('recipientName')}
                error={shown('recipientName')}
                name="giftRecipientName"
                autoComplete="off"
              />
              <TextInput
                label={t('vouchers.gift.recipientEmail')}
                required
                type="email"
                dir="ltr"
                value={g.recipientEmail}
                onChange={(e) => store.setGift({ recipientEmail: e.currentTarget.value })}
                onBlur={leave('recipientEmail')}
                error={shown('recipientEmail')}
                name="giftRecipientEmail"
                autoComplete="off"
              />
            </SimpleGrid>
            <Textarea
              label={t('vouchers.gift.message')}
              description={t('vouchers.gift.messageLeft', { count: GIFT_MESSAGE_MAX - g.message.length })}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={GIFT_MESSAGE_MAX}
              value={g.message}
              onChange={(e) => store.setGift({ message: e.currentTarget.value })}
              onBlur={leave('message')}
              error={shown('message')}
              name="giftMessage"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="date"
                label={t('vouchers.gift.deliverOn')}
                required
                min={window.first}
                max={window.last}
                value={g.deliverOn || window.first}
                onChange={(e) => store.setGift({ deliverOn: e.currentTarget.value })}
                onBlur={leave('deliverOn')}
                error={shown('deliverOn')}
                name="giftDeliverOn"
              />
              {enabled.length > 1 ? (
                <NativeSelect
                  label={t('vouchers.gift.language')}
                  data={enabled.map((l) => ({ value: l, label: NATIVE_NAMES[l] }))}
                  value={g.locale}
                  onChange={(e) => {
                    const l = e.currentTarget.value;
                    if (isLocale(l)) store.setGift({ locale: l });
                  }}
                  name="giftLocale"
                />
              ) : null}
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {t('vouchers.gift.when')}
            </Text>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
