import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planFormats } from '../../api/contract/venuesAdmin.ts';
import { errorText } from '../../ui/errorText.ts';
import { FilePick } from '../ui/FilePick.tsx';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { type PlanCheck, type PlanFormat, type PlanVersion, plansApi } from './api.ts';
import { PlanFigures } from './PlanFigures.tsx';
import { usePriceLevels } from './priceLevels.ts';
import { guessFormat } from './planModel.ts';
import { ProblemList } from './ProblemList.tsx';

interface Picked {
  name: string;
  text: string;
}

type Check =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; answer: PlanCheck }
  | { status: 'error'; error: unknown };

/**
 * Brings a plan file into a hall: pick or drop it, its format guessed from its name and content (the user
 * may choose another), a dry run first (problems and figures, nothing saved), then "Save as draft" —
 * allowed with rule errors, which are fixed on the map; a file that cannot become a plan is not saved.
 */
export function PlanImport({ hallId, onSaved }: { hallId: number; onSaved(version: PlanVersion): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<Picked | null>(null);
  const [format, setFormat] = useState<PlanFormat>('csv');
  const [name, setName] = useState('');
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);

  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  /** The dry run of a file in a format; a newer one drops the answer of an older. */
  function runCheck(picked: Picked, as: PlanFormat) {
    running.current?.abort();
    const ctrl = new AbortController();
    running.current = ctrl;
    setCheck({ status: 'checking' });
    plansApi.checkPlan(hallId, { format: as, content: picked.text }, ctrl.signal).then(
      (answer) => !ctrl.signal.aborted && setCheck({ status: 'done', answer }),
      (error: unknown) => !ctrl.signal.aborted && setCheck({ status: 'error', error }),
    );
  }

  async function pick(f: File | null) {
    if (!f) return;
    setSaveError(null);
    const picked = { name: f.name, text: await f.text() };
    const guessed = guessFormat(f.name, picked.text);
    setFormat(guessed);
    setFile(picked);
    runCheck(picked, guessed);
  }

  function chooseFormat(as: PlanFormat) {
    setFormat(as);
    setSaveError(null);
    if (file) runCheck(file, as);
  }

  async function save() {
    if (!file) return;
    setSaving(true);
    setSaveError(null);
    try {
      const trimmed = name.trim();
      const answer = await plansApi.importPlan(hallId, {
        format,
        content: file.text,
        ...(trimmed ? { name: trimmed } : {}),
      });
      onSaved(answer.version);
    } catch (err) {
      setSaveError(err);
    } finally {
      setSaving(false);
    }
  }

  const answer = check.status === 'done' ? check.answer : null;
  return (
    <Card withBorder padding="md" data-testid="plan-import">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('backoffice.plans.importTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('backoffice.plans.importIntro')}
        </Text>
        <FilePick
          fileName={file?.name ?? null}
          hint={t('backoffice.plans.drop')}
          accept=".csv,.json,.txt,text/csv,application/json"
          testId="plan-dropzone"
          buttonTestId="plan-choose-file"
          onFile={(f) => void pick(f)}
        />
        {file ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('backoffice.plans.format')}
              value={format}
              onChange={(e) => chooseFormat(e.currentTarget.value as PlanFormat)}
              data={planFormats.map((f) => ({ value: f, label: t(`backoffice.plans.formats.${f}`) }))}
              styles={touchInput}
              data-testid="plan-format"
            />
            <TextInput
              label={t('backoffice.plans.planName')}
              description={t('backoffice.plans.planNameHint')}
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.currentTarget.value)}
              styles={touchInput}
            />
          </SimpleGrid>
        ) : null}
        {check.status === 'checking' ? (
          <Group gap="xs" aria-live="polite">
            <Loader size="sm" />
            <Text size="sm">{t('backoffice.plans.checking')}</Text>
          </Group>
        ) : null}
        {check.status === 'error' ? <Alert color="red">{errorText(t, check.error)}</Alert> : null}
        {answer ? <CheckResult answer={answer} /> : null}
        {saveError ? (
          <Alert color="red" data-testid="plan-import-error">
            {errorText(t, saveError)}
          </Alert>
        ) : null}
        {answer ? (
          <Group justify="flex-end">
            <Button
              mih={TOUCH_PX}
              loading={saving}
              disabled={answer.figures === null}
              onClick={() => void save()}
              data-testid="plan-save-draft"
            >
              {t('backoffice.plans.saveDraft')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function CheckResult({ answer }: { answer: PlanCheck }) {
  const { t } = useTranslation();
  const levels = usePriceLevels();
  const errors = answer.problems.filter((p) => p.severity === 'error').length;
  return (
    <Stack gap="sm" data-testid="plan-check">
      {answer.figures === null ? (
        <Alert color="red" title={t('backoffice.plans.unusableTitle')} data-testid="plan-unusable">
          {t('backoffice.plans.unusable')}
        </Alert>
      ) : (
        <Alert color={errors ? 'orange' : 'teal'} variant="light">
          {errors ? t('backoffice.plans.draftWithErrors') : t('backoffice.plans.readyToSave')}
        </Alert>
      )}
      {answer.problems.length ? (
        <ProblemList
          problems={answer.problems}
          total={answer.problemCount}
          unusable={answer.figures === null}
        />
      ) : null}
      {answer.figures ? <PlanFigures figures={answer.figures} levelLabel={levels.label} /> : null}
    </Stack>
  );
}
