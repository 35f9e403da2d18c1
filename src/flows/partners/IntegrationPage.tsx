import { Alert, Loader, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api/endpoints.ts';
import { orderPath, paths } from '../../routing/paths.ts';
import { enterIntegration } from '../../state/partnerContext.ts';
import { useAsync } from '../../ui/useAsync.ts';

/**
 * /integration?TS=…&ret=…&key=…[&presentationId=…]: a partner's signed entry link (issue 20). The box
 * office checks the signature, the time and the return address and answers an integrationId, kept for the
 * session (state/partnerContext) with `ret`; the customer goes on to the board or to the presentation. A
 * stale, altered or foreign link shows the translated integrationError.
 */
export default function IntegrationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const TS = params.get('TS') ?? '';
  const ret = params.get('ret') ?? '';
  const key = params.get('key') ?? '';
  const presentationId = Number(params.get('presentationId'));
  const state = useAsync(() => api.integration({ TS, ret, key }), `${TS}|${ret}|${key}`);
  const entry = state.status === 'done' ? state.data : null;
  useEffect(() => {
    if (!entry) return;
    enterIntegration(entry);
    const to =
      Number.isInteger(presentationId) && presentationId > 0 ? orderPath(presentationId) : paths.order;
    void navigate(to, { replace: true });
  }, [entry, navigate, presentationId]);
  if (state.status === 'error')
    return (
      <Alert color="red" title={t('errors.errorOccurred')} role="alert" data-testid="integration-error">
        {t('errors.integrationError')}
      </Alert>
    );
  return (
    <Stack align="center" py="xl" aria-busy="true">
      <Loader aria-label={t('partners.entering')} />
    </Stack>
  );
}
