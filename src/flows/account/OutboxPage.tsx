import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from './LoadState.tsx';
import type { Loaded } from './useLoad.ts';

/** Development only: a page of what an outbox sender kept instead of sending (SMS, e-mail), newest first. */
export function OutboxPage<T extends { messages: readonly unknown[] }>({
  title,
  note,
  testId,
  result,
  reload,
  children,
}: {
  title: string;
  note: string;
  testId: string;
  result: Loaded<T>;
  reload: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Button variant="default" onClick={reload}>
          {t('account.refresh')}
        </Button>
      </Group>
      <Alert color="gray">{note}</Alert>
      {result.state !== 'ready' ? <LoadState result={result} retry={reload} /> : null}
      {result.state === 'ready' && result.data.messages.length === 0 ? (
        <Text c="dimmed">{t('account.devOutboxEmpty')}</Text>
      ) : null}
      {result.state === 'ready' ? children(result.data) : null}
    </Stack>
  );
}
