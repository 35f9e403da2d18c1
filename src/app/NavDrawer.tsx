import { Drawer, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { currentEntry } from '../domain/menu.ts';
import type { MenuItem } from '../ui/menuItems.ts';

/**
 * The header menu's drawer (its own chunk, loaded by MenuButton): the menu's links, each a 44 px target,
 * from the start side of the page (the right in Hebrew and Arabic). A link closes it.
 */
export default function NavDrawer({
  id,
  opened,
  onClose,
  items,
}: {
  id: string;
  opened: boolean;
  onClose: () => void;
  items: readonly MenuItem[];
}) {
  const { t } = useTranslation();
  const current = currentEntry(useLocation().pathname);
  return (
    <Drawer
      id={id}
      opened={opened}
      onClose={onClose}
      // Mantine lays a drawer out with flexbox: `left` is the start side, the right in Hebrew and Arabic.
      position="left"
      size="xs"
      title={t('nav.title')}
      closeButtonProps={{ 'aria-label': t('nav.close'), size: 'xl' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 700 } }}
      data-testid="nav-drawer"
    >
      <Stack component="nav" aria-label={t('nav.label')} gap={2}>
        {items.map((item) => (
          <NavLink
            key={item.key}
            component={Link}
            to={item.to}
            label={item.label}
            active={item.key === current}
            aria-current={item.key === current ? 'page' : undefined}
            onClick={onClose}
            mih={44}
            fz="md"
            styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
