import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** In place of the seat map when the venue has turned booking through the site off (spec section 8). */
export function LocationOffline() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('order.locationOfflineTitle')} data-testid="location-offline-message">
      {t('errors.location_offline')}
    </Alert>
  );
}
