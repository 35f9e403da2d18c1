import { Alert, Anchor, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { errorText } from '../../ui/errorText.ts';
import type { PriceList } from '../prices/api.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { type AdminPresentation, programmeApi } from './api.ts';

/**
 * A show's prices of its own: a copy of its list that only it sells from, so its prices change without
 * touching the other shows; made here, changed on the Prices tab (linked).
 */
export function OwnPrices({
  show,
  priceLists,
}: {
  show: AdminPresentation;
  priceLists: readonly PriceList[];
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const own = priceLists.find((l) => l.presentationId === show.id)?.id;
  const [made, setMade] = useState<number | undefined>(own);
  const { busy, error, run } = useAction();
  const query = new URLSearchParams(search);
  if (made !== undefined) {
    query.set('list', String(made));
    return (
      <Alert color="teal" data-testid="own-prices-made">
        <Anchor component={Link} to={`/staff/prices?${query}`} data-testid="own-prices-link">
          {t('backoffice.programme.ownPricesLink')}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Group gap="sm" wrap="wrap">
      <Button
        variant="light"
        mih={TOUCH_PX}
        loading={busy}
        data-testid="own-prices"
        onClick={() => void run(async () => setMade((await programmeApi.ownPrices(show.id)).id))}
      >
        {t('backoffice.programme.ownPrices')}
      </Button>
      {error ? <Alert color="red">{errorText(t, error)}</Alert> : null}
    </Group>
  );
}
