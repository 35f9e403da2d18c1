import { Alert, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '../api/contract/staff.ts';
import { errorText } from '../ui/errorText.ts';
import { showToast } from '../ui/toast/toasts.ts';
import { backofficeApi } from './api.ts';
import { TOUCH_PX, touchInput } from './ui/touch.ts';
import { useAction } from './ui/useAction.ts';

/** The box office's minimum (StaffPasswordChangeSchema), checked here first to say it in words. */
const MIN_LENGTH = 12;

/**
 * "Set your password": a staff user who logged in with a password given to them (a new user, a reset)
 * sets one of their own before anything else; until then the box office answers every other staff call
 * with staff_password_change_required.
 */
export function SetPassword({ onDone }: { onDone(me: StaffMe): void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  /** A check made here (too short, not repeated); the box office's refusal is `error`. */
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const shown = problem ?? (error ? errorText(t, error) : null);

  async function submit() {
    if (next.length < MIN_LENGTH) return setProblem(t('backoffice.password.tooShort', { min: MIN_LENGTH }));
    if (next !== repeat) return setProblem(t('backoffice.password.mismatch'));
    setProblem(null);
    await run(async () => {
      const me = await backofficeApi.staffChangePassword({ currentPassword: current, newPassword: next });
      showToast({ key: 'backoffice.password.done', color: 'teal' });
      onDone(me);
    });
  }

  return (
    <Card withBorder padding="lg" maw={460} data-testid="staff-password">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {t('backoffice.password.title')}
          </Title>
          <Text size="sm">{t('backoffice.password.intro')}</Text>
          <PasswordInput
            label={t('backoffice.password.current')}
            name="currentPassword"
            autoComplete="current-password"
            required
            styles={touchInput}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('backoffice.password.new')}
            description={t('backoffice.password.newHint', { min: MIN_LENGTH })}
            name="newPassword"
            autoComplete="new-password"
            required
            styles={touchInput}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('backoffice.password.repeat')}
            name="repeatPassword"
            autoComplete="new-password"
            required
            styles={touchInput}
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
          />
          {shown ? (
            <Alert color="red" data-testid="staff-password-error">
              {shown}
            </Alert>
          ) : null}
          <Button type="submit" loading={busy} mih={TOUCH_PX} data-testid="staff-password-submit">
            {t('backoffice.password.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
