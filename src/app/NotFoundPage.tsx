import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={80} data-testid="not-found-page">
      <Text fz={64} fw={900} c="violet.2" aria-hidden>
        404
      </Text>
      <Title order={1} ta="center">
        {t('errors.pageNotFound')}
      </Title>
      <Button component={Link} to="/" variant="light">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}
