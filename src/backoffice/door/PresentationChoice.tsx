import { Alert, Card, Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DoorPresentation } from '../../api/contract/door.ts';
import { formatTime, pickText } from '../../domain/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useAction } from '../ui/useAction.ts';
import { doorApi } from './api.ts';

/**
 * A presentation of the day as a card the usher ticks for this door: title, time, hall, expected and
 * inside; for a manager, whether a ticket that went out may come back in.
 */
export function PresentationChoice({
  presentation: p,
  checked,
  onToggle,
  manager,
  onChanged,
}: {
  presentation: DoorPresentation;
  checked: boolean;
  onToggle(): void;
  manager: boolean;
  onChanged(p: DoorPresentation): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const reentry = useAction();
  const title = pickText(p.title, locale);
  return (
    <Card withBorder radius="md" padding={0} data-testid="door-presentation" data-id={p.id}>
      <Checkbox.Card
        checked={checked}
        onClick={onToggle}
        withBorder={false}
        radius="md"
        p="sm"
        data-testid="door-presentation-check"
      >
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Checkbox.Indicator size="lg" mt={2} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} lineClamp={2}>
              {title}
            </Text>
            <Text fz="sm">
              <bdi>{formatTime(p.startsAt, locale)}</bdi> · {pickText(p.hall, locale)}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('door.setup.counts', { inside: p.inside, expected: p.expected })}
            </Text>
          </Stack>
        </Group>
      </Checkbox.Card>
      {manager ? (
        <Stack gap={4} px="sm" pb="sm">
          <Switch
            size="md"
            label={t('door.setup.reentry')}
            checked={p.reentry}
            disabled={reentry.busy}
            styles={{ body: { minHeight: 44, alignItems: 'center' } }}
            data-testid="door-reentry"
            onChange={(e) => {
              const next = e.currentTarget.checked;
              void reentry.run(async () => onChanged(await doorApi.setReentry(p.id, next)));
            }}
          />
          {reentry.error ? (
            <Alert color="red" p="xs">
              {errorText(t, reentry.error)}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}
