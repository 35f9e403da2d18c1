import { Anchor, Badge, Box, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../api/contract/admin.ts';
import type { Locale } from '../../api/contract/common.ts';
import { staffRoles } from '../../api/contract/staff.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { changedFields } from './diff.ts';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ACTION = /^[a-z_]+\.[a-z_]+$/;

/** An action's label ("staff_user.create" → "Added a staff user"), or the action itself when unknown. */
export function actionLabel(t: TFunction, action: string): string {
  return ACTION.test(action) ? t(`backoffice.audit.actions.${action}`, { defaultValue: action }) : action;
}

/** A field's value as text: dates in the venue's format, roles and yes/no translated, the rest as JSON. */
function valueText(t: TFunction, locale: Locale, field: string, value: unknown): string {
  if (value === undefined || value === null) return t('backoffice.audit.empty');
  if (typeof value === 'boolean') return t(value ? 'backoffice.audit.yes' : 'backoffice.audit.no');
  if (typeof value === 'string') {
    if (field === 'role' && (staffRoles as readonly string[]).includes(value))
      return t(`staff.roles.${value}`);
    return ISO_INSTANT.test(value) ? formatDateTime(value, locale) : value;
  }
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/**
 * One entry of the audit log, stacked so it reads on a phone: what was done and when, who did it and to
 * what (each a button that filters the log by it), and the fields it changed, before → after, on demand.
 */
export function AuditEntryRow({
  entry,
  onPerson,
  onObject,
}: {
  entry: AuditEntry;
  onPerson(actor: AuditEntry['actor']): void;
  onObject(entry: AuditEntry): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const changes = changedFields(entry.before, entry.after);
  const arrow = i18n.dir() === 'rtl' ? '←' : '→';
  const changesId = `audit-changes-${entry.id}`;
  const { actor } = entry;
  const objectType = t(`backoffice.audit.objectTypes.${entry.objectType}`);
  return (
    <Paper withBorder p="sm" data-testid="audit-entry" data-action={entry.action}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
          <Text fw={600} data-testid="audit-action">
            {actionLabel(t, entry.action)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.at, locale)}
          </Text>
        </Group>
        {/* Each label stays with its value when the line wraps (a phone). */}
        <Group gap="md" wrap="wrap" align="center" style={{ rowGap: 0 }}>
          <Group gap="xs" wrap="nowrap" align="center">
            <Text size="sm" c="dimmed">
              {t('backoffice.audit.who')}
            </Text>
            {actor.kind === 'system' ? (
              <Text size="sm">{t('backoffice.audit.system')}</Text>
            ) : (
              <Anchor
                component="button"
                type="button"
                size="sm"
                mih={TOUCH_PX}
                data-testid="audit-person"
                aria-label={t('backoffice.audit.onlyPerson', { name: actor.name })}
                onClick={() => onPerson(actor)}
              >
                {actor.name}
              </Anchor>
            )}
            {actor.kind === 'token' ? (
              <Badge size="sm" variant="outline" data-testid="audit-token">
                {t('backoffice.audit.token')}
              </Badge>
            ) : null}
          </Group>
          <Group gap="xs" wrap="nowrap" align="center" miw={0}>
            <Text size="sm" c="dimmed">
              {t('backoffice.audit.object')}
            </Text>
            <Anchor
              component="button"
              type="button"
              size="sm"
              mih={TOUCH_PX}
              ta="start"
              aria-label={t('backoffice.audit.onlyObject', { object: `${objectType} ${entry.objectId}` })}
              onClick={() => onObject(entry)}
            >
              {objectType}{' '}
              <Text span ff="monospace" size="xs" dir="ltr">
                {entry.objectId}
              </Text>
            </Anchor>
          </Group>
        </Group>
        {changes.length > 0 ? (
          <Box>
            <Button
              variant="subtle"
              size="compact-sm"
              mih={TOUCH_PX}
              px="xs"
              ms="calc(var(--mantine-spacing-xs) * -1)"
              aria-expanded={open}
              aria-controls={changesId}
              data-testid="audit-changes-toggle"
              onClick={() => setOpen((o) => !o)}
            >
              {t(open ? 'backoffice.audit.hideChanges' : 'backoffice.audit.showChanges', {
                n: changes.length,
              })}
            </Button>
            <Collapse expanded={open} id={changesId}>
              <Stack gap={2} data-testid="audit-changes" component="ul" m={0} ps="md">
                {changes.map((c) => (
                  <Text component="li" size="sm" key={c.field} style={{ overflowWrap: 'anywhere' }}>
                    {c.field ? (
                      <Text span fw={500}>
                        {t(`backoffice.audit.fields.${c.field}`, { defaultValue: c.field })}:{' '}
                      </Text>
                    ) : null}
                    <bdi>{valueText(t, locale, c.field, c.before)}</bdi> {arrow}{' '}
                    <bdi>{valueText(t, locale, c.field, c.after)}</bdi>
                  </Text>
                ))}
              </Stack>
            </Collapse>
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
