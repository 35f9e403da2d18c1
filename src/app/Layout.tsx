import { Anchor, AppShell, Container, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { chooseLocale } from '../i18n/index.ts';
import { session } from '../state/session.ts';
import { LanguageSwitcher } from '../ui/LanguageSwitcher.tsx';
import { ToastHost } from '../ui/toast/ToastHost.tsx';
import { menuItems } from '../ui/menuItems.ts';
import { AccountButton } from './AccountButton.tsx';
import { CartMenu } from './CartMenu.tsx';
import { HeaderNav } from './HeaderNav.tsx';
import { MenuButton } from './MenuButton.tsx';
import { useIdlePrefetch } from './idlePrefetch.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { settings, menu } = useSnapshot(session);
  const appName = t('app.name');
  const items = menuItems(t, menu);
  useIdlePrefetch();
  // The page's head came with its title (the box office writes it, a page's own included): the shop's name
  // is written again only when the language changes it, never over a page's title as the shop starts.
  const titled = useRef(appName);
  useEffect(() => {
    if (titled.current === appName) return;
    titled.current = appName;
    document.title = appName;
  }, [appName]);
  const invalidLanguage =
    settings !== null &&
    chooseLocale(location.search, settings.locales.enabled, settings.locales.default, null).invalidQuery;

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap={8}>
            {/* The menu: a button and its drawer on a phone or tablet, links beside the name from a laptop
                on, where they take the tagline's place. */}
            <Group gap={8} wrap="nowrap">
              {items.length ? <MenuButton items={items} /> : null}
              <Anchor component={Link} to="/" underline="never" c="violet.8" fw={800} fz="xl">
                {appName}
              </Anchor>
              {items.length ? <HeaderNav items={items} /> : null}
            </Group>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed" visibleFrom="sm" hiddenFrom={items.length ? 'md' : undefined}>
                {t('app.tagline')}
              </Text>
              <AccountButton />
              <CartMenu />
              <LanguageSwitcher />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md">
          {/* A language that is not enabled gives the 404 page (spec section 2). */}
          {invalidLanguage ? <NotFoundPage /> : <Outlet />}
        </Container>
      </AppShell.Main>
      <ToastHost />
    </AppShell>
  );
}
