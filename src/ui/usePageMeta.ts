import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** What a page says of itself in the browser's tab and to anything reading the head after a navigation. */
export interface PageMeta {
  /** The page's own title; the tab shows `title | app name` (as the server's head does). Absent: the app name. */
  title?: string | null | undefined;
  /** The meta description; absent: the app's tagline. */
  description?: string | null | undefined;
}

function descriptionElement(): HTMLMetaElement {
  let el = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!el) {
    el = document.createElement('meta');
    el.name = 'description';
    document.head.append(el);
  }
  return el;
}

/**
 * Keeps `document.title` and the meta description in step with the page inside the single-page shop
 * (the server writes them for the first page: server/http/seo). When the page leaves, the app's own
 * title and tagline come back.
 */
export function usePageMeta({ title, description }: PageMeta): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  const tagline = t('app.tagline');
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
    descriptionElement().content = description || tagline;
    return () => {
      document.title = appName;
      descriptionElement().content = tagline;
    };
  }, [title, description, appName, tagline]);
}
