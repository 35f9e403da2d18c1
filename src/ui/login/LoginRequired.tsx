import { Alert, Card, Stack } from '@mantine/core';
import { LoginPanel } from './LoginPanel.tsx';

/** Why a page asks for a login, and the login panel beneath (an order for customers only, a video). */
export function LoginRequired({ title, text, testId }: { title?: string; text: string; testId: string }) {
  return (
    <Stack gap="md" data-testid={testId}>
      <Alert color="blue" title={title}>
        {text}
      </Alert>
      <Card withBorder padding="lg" maw={480}>
        <LoginPanel />
      </Card>
    </Stack>
  );
}
