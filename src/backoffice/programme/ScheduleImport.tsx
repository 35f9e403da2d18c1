import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { FilePick } from '../ui/FilePick.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { useName } from '../venues/shared.tsx';
import { type Feature, programmeApi, type ScheduleImportAnswer } from './api.ts';

type Line = ScheduleImportAnswer['lines'][number];

/**
 * A schedule from a spreadsheet (feature, hall, date, time, price levels): checked line by line first
 * (nothing saved), then the lines that fit are created; every line says what became of it.
 */
export function ScheduleImport({
  features,
  onCreated,
}: {
  features: readonly Feature[];
  onCreated(count: number): void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [answer, setAnswer] = useState<{ dry: boolean; data: ScheduleImportAnswer } | null>(null);
  const { busy, error, run, setError } = useAction();

  const send = (text: string, dryRun: boolean) =>
    run(async () => {
      const data = await programmeApi.importSchedule({ content: text, dryRun });
      setAnswer({ dry: dryRun, data });
      if (!dryRun) onCreated(data.created);
    });
  const pick = async (f: File | null) => {
    if (!f) return;
    setError(null);
    const picked = { name: f.name, text: await f.text() };
    setFile(picked);
    await send(picked.text, true);
  };

  return (
    <Card withBorder padding="md" data-testid="schedule-import">
      <Stack gap="md">
        <Title order={3} fz="h4">
          {t('backoffice.programme.importTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('backoffice.programme.importHint')}
        </Text>
        <FilePick
          fileName={file?.name ?? null}
          hint={t('backoffice.programme.drop')}
          accept=".csv,.txt,text/csv"
          busy={busy}
          testId="schedule-dropzone"
          buttonTestId="schedule-choose-file"
          onFile={(f) => void pick(f)}
        />
        {error ? (
          <Alert color="red" data-testid="schedule-import-error">
            {errorText(t, error)}
          </Alert>
        ) : null}
        {answer ? <ImportLines answer={answer.data} dry={answer.dry} features={features} /> : null}
        {answer?.dry && file ? (
          <Group justify="flex-end">
            <Button
              mih={TOUCH_PX}
              loading={busy}
              disabled={answer.data.created === 0}
              onClick={() => void send(file.text, false)}
              data-testid="schedule-import-create"
            >
              {t('backoffice.programme.create', { count: answer.data.created })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function ImportLines({
  answer,
  dry,
  features,
}: {
  answer: ScheduleImportAnswer;
  dry: boolean;
  features: readonly Feature[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useName();
  const title = (id: number | null) => {
    const f = features.find((x) => x.id === id);
    return f ? name(f.title) : '';
  };
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600} data-testid="schedule-import-summary">
        {t(dry ? 'backoffice.programme.importReady' : 'backoffice.programme.importDone', {
          created: answer.created,
          refused: answer.refused,
        })}
      </Text>
      <RecordTable<Line>
        rows={answer.lines}
        rowKey={(l) => String(l.line)}
        rowAttributes={(l) => ({ 'data-testid': 'schedule-import-line', 'data-status': l.status })}
        minWidth={560}
        columns={[
          { key: 'line', label: t('backoffice.programme.line'), render: (l) => l.line },
          {
            key: 'show',
            label: t('backoffice.programme.show'),
            render: (l) =>
              l.startsAt ? `${title(l.featureId)} · ${formatDateTime(l.startsAt, locale)}` : '',
          },
          {
            key: 'result',
            label: t('backoffice.programme.state'),
            render: (l) =>
              l.status === 'refused' ? (
                <Text size="sm" c="orange.8">
                  {l.clash
                    ? t('backoffice.programme.clashWith', {
                        title: name(l.clash.title),
                        from: formatDateTime(l.clash.startsAt, locale),
                        to: formatDateTime(l.clash.endsAt, locale),
                      })
                    : l.code
                      ? t(`errors.${l.code}`, { defaultValue: l.message ?? l.code, line: l.line, reason: '' })
                      : ''}
                </Text>
              ) : (
                <Badge color="teal" variant="light">
                  {t(`backoffice.programme.lineStatus.${l.status}`)}
                </Badge>
              ),
          },
        ]}
      />
    </Stack>
  );
}
