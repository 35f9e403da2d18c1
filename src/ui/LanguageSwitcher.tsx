import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../state/session.ts';
import { LanguageButton } from './LanguageButton.tsx';

// The menu (floating-ui) is not part of the first page: its chunk is fetched when the customer reaches
// for the button (hover, focus, touch) and the menu takes the button's place on the click.
const loadMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(loadMenu);
const prefetchMenu = () => void loadMenu().catch(() => undefined); // the click retries through lazy()

/** The header's language button; its menu arrives with the first click. */
export function LanguageSwitcher() {
  const { locale } = useSnapshot(session);
  const [wanted, setWanted] = useState(false);
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState(false);
  // Hazard: the button must not be swapped between a press and its click (the click would be lost),
  // so hover, focus and touch only fetch; the swap waits for the click.
  const button = (
    <LanguageButton
      locale={locale}
      aria-haspopup="menu"
      aria-expanded={opened}
      onPointerEnter={prefetchMenu}
      onTouchStart={prefetchMenu}
      onFocus={() => {
        setFocused(true);
        prefetchMenu();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpened(true);
        setWanted(true);
      }}
    />
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu opened={opened} onChange={setOpened} focus={focused} />
    </Suspense>
  );
}
