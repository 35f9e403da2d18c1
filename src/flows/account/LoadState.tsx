import { Alert, Button, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../ui/errorText.ts';
import type { Loaded } from './useLoad.ts';

/** The loader or the error (with a retry) of a personal-area list; null once the data is there. */
export function LoadState<T>({ result, retry }: { result: Loaded<T>; retry: () => void }) {
  const { t } = useTranslation();
  if (result.state === 'loading')
    return (
      <Center py="lg">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  if (result.state === 'error')
    return (
      <Alert color="red">
        {errorText(t, result.error)}{' '}
        <Button size="xs" variant="subtle" onClick={retry}>
          {t('account.retry')}
        </Button>
      </Alert>
    );
  return null;
}
