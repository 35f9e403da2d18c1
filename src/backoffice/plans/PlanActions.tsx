import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { planFormats } from '../../api/contract/venuesAdmin.ts';
import { showToast } from '../../ui/toast/toasts.ts';
import { type Confirmation, ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { useVenuesLink, venuesPath } from '../venues/shared.tsx';
import { type PlanVersion, plansApi } from './api.ts';

/**
 * What can be done with a version: a draft is published (asked first; the box office refuses while an
 * error remains, and the dialog says so) or thrown away; a published one gives a new draft; every version
 * can be downloaded in the three formats.
 */
export function PlanActions({ version, onPublished }: { version: PlanVersion; onPublished(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = useVenuesLink();
  const [ask, setAsk] = useState<Confirmation | null>(null);
  const [copying, setCopying] = useState(false);
  const draft = version.status === 'draft';
  const label = t('backoffice.plans.versionNo', { version: version.version });

  return (
    <Group gap="xs" wrap="wrap" data-testid="plan-actions">
      {draft ? (
        <Button
          mih={TOUCH_PX}
          color="teal"
          data-testid="plan-publish"
          onClick={() =>
            setAsk({
              title: t('backoffice.plans.publishTitle', { version: label }),
              text: t('backoffice.plans.publishText'),
              action: t('backoffice.plans.publish'),
              run: async () => {
                await plansApi.publish(version.id);
                showToast({ key: 'backoffice.plans.published', color: 'teal' });
                onPublished();
              },
            })
          }
        >
          {t('backoffice.plans.publish')}
        </Button>
      ) : (
        <Button
          mih={TOUCH_PX}
          variant="light"
          loading={copying}
          data-testid="plan-copy"
          onClick={async () => {
            setCopying(true);
            try {
              const copy = await plansApi.copyToDraft(version.id);
              void navigate(link(venuesPath.plan(copy.id)));
            } catch {
              showToast({ key: 'errors.generic', color: 'red' });
            } finally {
              setCopying(false);
            }
          }}
        >
          {t('backoffice.plans.copy')}
        </Button>
      )}
      {draft ? (
        <Button
          mih={TOUCH_PX}
          variant="subtle"
          color="red"
          data-testid="plan-delete"
          onClick={() =>
            setAsk({
              title: t('backoffice.plans.deleteTitle', { version: version.version }),
              text: t('backoffice.plans.deleteText'),
              action: t('backoffice.plans.delete'),
              color: 'red',
              run: async () => {
                await plansApi.deleteDraft(version.id);
                void navigate(link(venuesPath.hall(version.hallId)));
              },
            })
          }
        >
          {t('backoffice.plans.delete')}
        </Button>
      ) : null}
      <Group gap={6} wrap="wrap" role="group" aria-label={t('backoffice.plans.export')}>
        <Text size="sm" c="dimmed">
          {t('backoffice.plans.export')}
        </Text>
        {planFormats.map((f) => (
          <Button
            key={f}
            component="a"
            href={plansApi.exportUrl(version.id, f)}
            download
            variant="default"
            mih={TOUCH_PX}
            data-testid={`plan-export-${f}`}
          >
            {t(`backoffice.plans.exportShort.${f}`)}
          </Button>
        ))}
      </Group>
      <ConfirmDialog ask={ask} onClose={() => setAsk(null)} />
    </Group>
  );
}
