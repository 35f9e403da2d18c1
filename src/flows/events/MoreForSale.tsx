import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MenuEntry } from '../../api/contract/session.ts';
import { MENU_PATHS } from '../../domain/menu.ts';

/**
 * Under the board, a card for each of the other things for sale (the header menu's entries, issue 35):
 * gift cards, memberships, donations, films to watch at home. Under the showtimes, not above them: the
 * board's first screen (server/http/seo/prepaint.ts) stays as it is, and nothing moves.
 */
export function MoreForSale({ entries }: { entries: readonly MenuEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="more-for-sale" data-testid="more-for-sale">
      <Title order={2} fz="h3" id="more-for-sale">
        {t('nav.moreTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {entries.map((e) => (
          <Card
            key={e}
            component={Link}
            to={MENU_PATHS[e]}
            withBorder
            padding="md"
            mih={44}
            data-testid="more-for-sale-entry"
          >
            <Text fw={700} c="violet.8">
              {t(`nav.${e}`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`nav.hint.${e}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
