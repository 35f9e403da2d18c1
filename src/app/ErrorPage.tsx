import { Anchor, Button, Code, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ApiCallError } from '../api/client.ts';
import { isChunkLoadError, reloadForChunkError } from './chunkReload.ts';

/** Spec section 8: the status comes from statusCode, status or the response's status, else 500. */
export function statusCodeOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiCallError) return error.statusCode;
  if (typeof error === 'object' && error !== null) {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const v of [e.statusCode, e.status, e.response?.status]) if (typeof v === 'number') return v;
  }
  return 500;
}

export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = statusCodeOf(error);
  const code = error instanceof ApiCallError ? error.code : undefined;
  return (
    <Stack align="center" gap="md" py={80} data-testid="error-page">
      <Title order={1}>{t('errors.errorOccurred')}</Title>
      <Code fz="lg">{status}</Code>
      {code ? <Text c="dimmed">{t(`errors.${code}`, { defaultValue: t('errors.generic') })}</Text> : null}
      <Button component="a" href="/" variant="light">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}

/** When even the error page fails to render. Plain text on purpose: nothing here may throw. */
function ErrorPageFallback() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py={80} data-testid="error-page-fallback">
      <Text>{t('errors.errorPageFailed')}</Text>
      <Anchor href="/">{t('common.backHome')}</Anchor>
    </Stack>
  );
}

class FallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ErrorPageFallback /> : this.props.children;
  }
}

/** The router's error element. A missing chunk after a deploy reloads the page (once per minute). */
export function ErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error)) reloadForChunkError(sessionStorage, () => window.location.reload());
  return (
    <FallbackBoundary>
      <ErrorView error={error} />
    </FallbackBoundary>
  );
}
