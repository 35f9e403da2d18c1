import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MembershipForSale, MembershipPrice } from '../../api/contract/memberships.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseCard } from '../checkout/PurchaseCard.tsx';
import { formatMoney } from './money.ts';

/** The price in words: the discounted amount with the full one struck through, in its currency. */
export function PriceTag({ price }: { price: MembershipPrice }) {
  const locale = useLocale();
  const code = price.currency.CurrencyCode;
  const net = price.Price - (price.discount?.amount ?? 0);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={700} fz="lg" data-testid="price-amount">
        {formatMoney(net, code, locale)}
      </Text>
      {price.discount ? (
        <Text td="line-through" c="dimmed" size="sm">
          {formatMoney(price.Price, code, locale)}
        </Text>
      ) : null}
    </Group>
  );
}

/**
 * One price of the membership: what it is and gives, and its one join button (issue 35). Once the
 * price is chosen (a join button per membership) the card says so, and the chosen line below carries
 * the way on.
 */
export function PriceCard({
  membership,
  price,
  layout,
  chosen,
  onJoin,
}: {
  membership: MembershipForSale;
  price: MembershipPrice;
  layout: 'grid' | 'list';
  /** Chosen already, with the line's own join button below: the card shows no button of its own. */
  chosen: boolean;
  onJoin: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <PurchaseCard
      layout={layout}
      data-testid="membership-price"
      data-price-id={price.MembershipPriceId}
      info={
        <Stack gap={6}>
          <Title order={3} fz="h5">
            {pickText(price.name, locale)}
          </Title>
          <PriceTag price={price} />
          <Group gap={6}>
            {price.PriceCode ? <Badge variant="light">{t('memberships.codePrice')}</Badge> : null}
            {price.discount ? (
              <Badge color="teal" variant="light">
                {pickText(price.discount.name, locale)} <bdi dir="ltr">{`−${price.discount.percent}%`}</bdi>
              </Badge>
            ) : null}
            {price.SystemVoucherReference !== null ? (
              <Badge color="grape" variant="light">
                {t('memberships.withVoucher')}
              </Badge>
            ) : null}
            {price.currency.CurrencyCode !== 'ILS' ? (
              <Badge color="gray" variant="light">
                {price.currency.CurrencyCode}
              </Badge>
            ) : null}
          </Group>
          {membership.validityMonths > 0 ? (
            <Text size="sm" c="dimmed">
              {t('memberships.validity', { months: membership.validityMonths })}
            </Text>
          ) : null}
        </Stack>
      }
      controls={
        <Group justify="flex-end" gap="xs">
          {chosen ? (
            <Badge color="teal" variant="light" size="lg" data-testid="price-chosen">
              {t('memberships.chosenBadge')}
            </Badge>
          ) : (
            <Button onClick={onJoin} mih={44} data-testid="add-membership">
              {t('memberships.join')}
            </Button>
          )}
        </Group>
      }
    />
  );
}
