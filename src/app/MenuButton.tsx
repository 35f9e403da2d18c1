import { ActionIcon } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { MenuItem } from '../ui/menuItems.ts';

// The drawer (Mantine's Drawer: a portal, focus trap and scroll lock) is not part of the first page: its
// chunk is fetched when the customer reaches for the button, and it opens on the click.
const loadDrawer = () => import('./NavDrawer.tsx');
const NavDrawer = lazy(loadDrawer);
const prefetchDrawer = () => void loadDrawer().catch(() => undefined); // the click retries through lazy()

const NAV_DRAWER_ID = 'nav-drawer';

/** Three lines: the menu's usual sign. */
function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header menu below a laptop's width: a 44 px button at the start of the header that opens the
 * menu's links in a drawer from the same side (right in Hebrew and Arabic). Wider screens show the links
 * themselves (HeaderNav.tsx).
 */
export function MenuButton({ items }: { items: readonly MenuItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);
  // Open on the page it was opened on: a link followed (or the browser's back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const opened = openOn === pathname;
  return (
    <>
      <ActionIcon
        size={44}
        variant="subtle"
        color="dark"
        hiddenFrom="md"
        aria-label={t('nav.open')}
        aria-haspopup="dialog"
        aria-expanded={opened}
        aria-controls={opened ? NAV_DRAWER_ID : undefined}
        onPointerEnter={prefetchDrawer}
        onTouchStart={prefetchDrawer}
        onFocus={prefetchDrawer}
        onClick={() => {
          setWanted(true);
          setOpenOn(pathname);
        }}
        data-testid="menu-button"
      >
        <MenuIcon />
      </ActionIcon>
      {wanted ? (
        <Suspense fallback={null}>
          <NavDrawer id={NAV_DRAWER_ID} opened={opened} onClose={() => setOpenOn(null)} items={items} />
        </Suspense>
      ) : null}
    </>
  );
}
