import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { currentEntry } from '../domain/menu.ts';
import type { MenuItem } from '../ui/menuItems.ts';

/**
 * The header menu on a wide screen (laptop and up): a link per entry beside the shop's name, the page's
 * own marked. Narrower screens have the menu button and its drawer instead (MenuButton.tsx). The box
 * office's first screen draws the same links (server/http/seo/prepaint.ts): sizes kept in step.
 */
export function HeaderNav({ items }: { items: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const current = currentEntry(useLocation().pathname);
  return (
    <Group
      component="nav"
      aria-label={t('nav.label')}
      gap={4}
      wrap="nowrap"
      visibleFrom="md"
      data-testid="header-nav"
    >
      {items.map((item) => (
        <Button
          key={item.key}
          component={Link}
          to={item.to}
          variant={item.key === current ? 'light' : 'subtle'}
          color={item.key === current ? undefined : 'dark'}
          size="compact-sm"
          aria-current={item.key === current ? 'page' : undefined}
        >
          {item.label}
        </Button>
      ))}
    </Group>
  );
}
