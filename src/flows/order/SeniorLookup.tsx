import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/client.ts';
import { errorText } from '../../ui/errorText.ts';

interface Props {
  onApply: (idNumber: string) => Promise<unknown>;
}

/**
 * Senior-citizen prices on the ticket step (issue 20): "Senior citizen? Enter your ID number". The box
 * office asks the senior registry; the senior tickets then join the seats' choices like a code's tickets.
 */
export function SeniorLookup({ onApply }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async () => {
    if (!value.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onApply(value);
      setValue('');
    } catch (err) {
      // The registry not answering is worth trying again later: said apart from "not a senior".
      const unavailable =
        err instanceof ApiCallError &&
        err.code === 'seniorBenefitError' &&
        err.params?.reason === 'unavailable';
      setError(unavailable ? t('seniorLookup.unavailable') : errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4} data-testid="senior-lookup">
      <Text size="sm" fw={600}>
        {t('seniorLookup.title')}
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('seniorLookup.idLabel')}
          description={t('seniorLookup.hint')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void apply();
          }}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          maxLength={12}
          style={{ flex: 1, minWidth: 0 }}
          maw={360}
          data-testid="senior-id-input"
        />
        <Button
          onClick={() => void apply()}
          loading={busy}
          disabled={!value.trim()}
          variant="light"
          data-testid="senior-apply"
        >
          {t('seniorLookup.check')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert" data-testid="senior-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
