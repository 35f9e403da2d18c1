import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditEntry, auditObjectTypes } from '../../api/contract/admin.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { type AuditFilter, backofficeApi } from '../api.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { AuditEntryRow } from './AuditEntryRow.tsx';

const PAGE = 30;
type ObjectType = (typeof auditObjectTypes)[number];

/** The older pages loaded for one filter (dropped when the filter changes). */
interface Older {
  key: string;
  entries: AuditEntry[];
  next: string | null;
}

/**
 * Admins and managers: every back-office change, newest first, by object type, object and person, a page
 * at a time ("Older entries"). An admin picks the person from the staff users; a manager (who may not
 * list them) types an id or clicks a name in an entry, as anyone may.
 */
export function AuditLog({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const [objectType, setObjectType] = useState<ObjectType | ''>('');
  const [objectIdText, setObjectIdText] = useState('');
  const [actorText, setActorText] = useState('');
  /** Names of the people clicked in entries (tokens too), for the person select's label. */
  const [clicked, setClicked] = useState<Record<string, string>>({});
  const [objectId] = useDebouncedValue(objectIdText.trim(), 300);
  const [actorId] = useDebouncedValue(actorText.trim(), 300);
  const filter: AuditFilter = {
    ...(objectType ? { objectType } : {}),
    ...(objectId ? { objectId } : {}),
    ...(actorId ? { actorId } : {}),
  };
  const key = JSON.stringify(filter);
  const first = useAsync((signal) => backofficeApi.audit({ ...filter, limit: PAGE }, signal), key);
  const people = useAsync(
    () => (admin ? backofficeApi.staffUsers().then((a) => a.users) : Promise.resolve([])),
    String(admin),
  );
  const [older, setOlder] = useState<Older | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<unknown>(null);

  const mine = older?.key === key ? older : null;
  const entries = first.status === 'done' ? [...first.data.entries, ...(mine?.entries ?? [])] : [];
  const next = mine ? mine.next : first.status === 'done' ? first.data.next : null;

  async function loadOlder() {
    if (!next) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await backofficeApi.audit({ ...filter, limit: PAGE, before: next });
      setOlder({ key, entries: [...(mine?.entries ?? []), ...page.entries], next: page.next });
    } catch (err) {
      setOlderError(err);
    } finally {
      setLoadingOlder(false);
    }
  }

  const personOptions = [
    { value: '', label: t('backoffice.audit.everyone') },
    ...(people.status === 'done' ? people.data : []).map((u) => ({
      value: u.id,
      label: `${u.displayName} (${u.username})`,
    })),
    ...Object.entries(clicked)
      .filter(([id]) => people.status !== 'done' || !people.data.some((u) => u.id === id))
      .map(([value, label]) => ({ value, label })),
  ];
  const filtered = objectType !== '' || objectIdText !== '' || actorText !== '';

  return (
    <Stack gap="md" data-testid="staff-audit">
      <div>
        <Title order={2} fz="h3">
          {t('backoffice.audit.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('backoffice.audit.intro')}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NativeSelect
          label={t('backoffice.audit.objectType')}
          data-testid="audit-filter-type"
          styles={touchInput}
          value={objectType}
          data={[
            { value: '', label: t('backoffice.audit.anyType') },
            ...auditObjectTypes.map((o) => ({ value: o, label: t(`backoffice.audit.objectTypes.${o}`) })),
          ]}
          onChange={(e) => setObjectType(e.currentTarget.value as ObjectType | '')}
        />
        <TextInput
          label={t('backoffice.audit.objectId')}
          data-testid="audit-filter-object"
          dir="ltr"
          autoComplete="off"
          maxLength={40}
          styles={touchInput}
          value={objectIdText}
          onChange={(e) => setObjectIdText(e.currentTarget.value)}
        />
        {admin ? (
          <NativeSelect
            label={t('backoffice.audit.person')}
            data-testid="audit-filter-person"
            styles={touchInput}
            value={actorText}
            data={personOptions}
            onChange={(e) => setActorText(e.currentTarget.value)}
          />
        ) : (
          <TextInput
            label={t('backoffice.audit.personId')}
            description={t('backoffice.audit.personHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="audit-filter-person"
            dir="ltr"
            autoComplete="off"
            maxLength={40}
            styles={touchInput}
            value={actorText}
            onChange={(e) => setActorText(e.currentTarget.value)}
          />
        )}
      </SimpleGrid>
      {filtered ? (
        <Group>
          <Button
            variant="default"
            mih={TOUCH_PX}
            data-testid="audit-clear"
            onClick={() => {
              setObjectType('');
              setObjectIdText('');
              setActorText('');
            }}
          >
            {t('backoffice.audit.clear')}
          </Button>
        </Group>
      ) : null}
      {first.status === 'loading' ? (
        <Skeleton height={200} radius="md" />
      ) : first.status === 'error' ? (
        <Alert color="red">{errorText(t, first.error)}</Alert>
      ) : entries.length === 0 ? (
        <Text c="dimmed" data-testid="audit-none">
          {t('backoffice.audit.none')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="audit-entries">
          {entries.map((entry) => (
            <AuditEntryRow
              key={entry.id}
              entry={entry}
              onPerson={(actor) => {
                setClicked((c) => ({ ...c, [actor.id]: actor.name }));
                setActorText(actor.id);
              }}
              onObject={(e) => {
                setObjectType(e.objectType);
                setObjectIdText(e.objectId);
              }}
            />
          ))}
        </Stack>
      )}
      {olderError ? <Alert color="red">{errorText(t, olderError)}</Alert> : null}
      {next && first.status === 'done' ? (
        <Group>
          <Button
            variant="default"
            mih={TOUCH_PX}
            loading={loadingOlder}
            data-testid="audit-older"
            onClick={() => void loadOlder()}
          >
            {t('backoffice.audit.older')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
