import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { partnerContext } from '../state/partnerContext.ts';

/**
 * After an order made through a partner's integration (issue 20): the way back to the partner's site, at
 * the `ret` address its signed link named (the box office checked it is on the partner's origin).
 */
export function PartnerReturn() {
  const { t } = useTranslation();
  const { integration } = useSnapshot(partnerContext);
  if (!integration) return null;
  return (
    <Button component="a" href={integration.ret} variant="light" data-testid="partner-return">
      {t('partners.returnToPartner')}
    </Button>
  );
}
