import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../api/endpoints.ts';
import { setCustomer } from '../../state/customer.ts';
import { errorText } from '../../ui/errorText.ts';

/** A login link from the SMS (spec section 4): redeems its token once, then opens the personal area. */
export default function LinkLoginPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.tokenLogin(token).then(
      ({ data }) => {
        setCustomer(data.customerInfo);
        if (live) void navigate('/customer-area', { replace: true });
      },
      (err: unknown) => live && setError(errorText(t, err)),
    );
    return () => {
      live = false;
    };
  }, [token, navigate, t]);

  if (!error)
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  return (
    <Stack maw={480} mx="auto" gap="md">
      <Alert color="red" data-testid="link-login-error">
        {error}
      </Alert>
      <Button component={Link} to="/customer-area">
        {t('account.loginWithCode')}
      </Button>
    </Stack>
  );
}
