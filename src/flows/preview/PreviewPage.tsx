import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { LoadReport, MapSource } from '../../seatmap/index.ts';
import { DEFAULT_COLORS } from '../../seatmap/palette.ts';
import { SeatMap } from '../../seatmap/SeatMap.tsx';
import { session } from '../../state/session.ts';
import { FileDropZone } from '../../ui/FileDropZone.tsx';
import { PreviewSelectionPanel, usePreviewSelection } from './PreviewSelection.tsx';
import type { SeatMapHandle } from '../../seatmap/index.ts';

/** A URL from `?plan=` / `?status=`: only on this shop's own origin. */
export function sameOriginUrl(value: string | null, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Staff preview (`/preview`): load a seat plan JSON by file picker, drag and drop, or `?plan=URL`
 * (optional `?status=URL`, same origin) and see it drawn with its figures and any parse problems.
 */
export default function PreviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { settings } = useSnapshot(session);
  const [fileSource, setFileSource] = useState<MapSource | null>(null);
  const [report, setReport] = useState<LoadReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [statusFile, setStatusFile] = useState<File | null>(null);
  const [handle, setHandle] = useState<SeatMapHandle | null>(null);
  const [policy3, setPolicy3] = useState(false);
  const selection = usePreviewSelection(handle);

  // `?plan=URL` (and `?status=URL`) on this shop's own origin; a file chosen later takes over.
  const fromUrl = useMemo(() => {
    const plan = params.get('plan');
    if (!plan) return null;
    const planUrl = sameOriginUrl(plan, window.location.origin);
    const statusUrl = sameOriginUrl(params.get('status'), window.location.origin);
    if (!planUrl || (params.get('status') && !statusUrl)) return { error: t('preview.sameOriginOnly') };
    return { name: planUrl, source: (statusUrl ? { planUrl, statusUrl } : { planUrl }) as MapSource };
  }, [params, t]);
  const source = fileSource ?? fromUrl?.source ?? null;
  const shownError = error ?? fromUrl?.error ?? null;

  function loadFile(file: File | null) {
    if (!file) return;
    setError(null);
    setReport(null);
    setFileName(file.name);
    // The files go to the worker unread: a 100,000-seat plan is neither read nor parsed on this thread.
    setFileSource({ planFile: file, statusFile: statusFile ?? undefined });
  }

  const colors = settings?.seatplan.colors ?? DEFAULT_COLORS;
  return (
    <Stack gap="md">
      <Title order={1}>{t('preview.title')}</Title>
      <FileDropZone padding="lg" testId="preview-dropzone" onFile={(f) => loadFile(f)}>
        <Group justify="space-between" wrap="wrap">
          <Text>{t('preview.drop')}</Text>
          <Group gap="sm">
            <FileButton onChange={setStatusFile} accept="application/json,.json">
              {(p) => (
                <Button variant="default" {...p}>
                  {statusFile
                    ? t('preview.statusChosen', { name: statusFile.name })
                    : t('preview.chooseStatus')}
                </Button>
              )}
            </FileButton>
            <FileButton onChange={(f) => loadFile(f)} accept="application/json,.json">
              {(p) => (
                <Button {...p} data-testid="preview-choose-plan">
                  {t('preview.choosePlan')}
                </Button>
              )}
            </FileButton>
          </Group>
        </Group>
        {(fileName ?? fromUrl?.name) ? (
          <Text size="sm" c="dimmed" mt="xs">
            {fileName ?? fromUrl?.name}
          </Text>
        ) : null}
      </FileDropZone>
      {shownError ? (
        <Alert color="red" title={t('preview.cannotLoad')} data-testid="preview-error">
          {shownError}
        </Alert>
      ) : null}
      {report ? <Figures report={report} /> : null}
      {report?.ok ? (
        <PreviewSelectionPanel
          handle={handle}
          policy3={policy3}
          onPolicy3={setPolicy3}
          selection={selection}
        />
      ) : null}
      <SeatMap
        source={source}
        colors={colors}
        legendMode={settings?.seatplan.legendMode ?? 'full'}
        maxSeats={10}
        seatingPolicyId={policy3 ? 3 : 1}
        height={560}
        onSeatActivate={(seat) => void selection.activate(seat)}
        onLoaded={(r, h) => {
          setHandle(h);
          setReport(r);
          setError(r.ok ? null : t('preview.invalidPlan'));
        }}
        onLoadError={(e) => setError(e instanceof Error ? e.message : String(e))}
      />
    </Stack>
  );
}

function Figures({ report }: { report: LoadReport }) {
  const { t } = useTranslation();
  const items = [
    [t('preview.seats'), report.seats.toLocaleString()],
    [t('preview.sections'), report.sections.toLocaleString()],
    [t('preview.available'), report.available.toLocaleString()],
    [t('preview.takenRatio'), report.takenRatio.toFixed(3)],
  ] as const;
  return (
    <Stack gap="sm" data-testid="preview-figures">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {items.map(([label, value]) => (
          <Card key={label} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} fz="xl">
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('preview.timings', {
          load: Math.round(report.timings.workerLoadMs),
          frame: Math.round(report.timings.firstFrameMs),
        })}
      </Text>
      {report.unknownKeys > 0 ? (
        <Alert color="orange">{t('preview.unknownKeys', { count: report.unknownKeys })}</Alert>
      ) : null}
      {report.issues.length > 0 ? (
        <Alert color="orange" title={t('preview.issues')} data-testid="preview-issues">
          <List size="sm">
            {report.issues.map((i, k) => (
              <List.Item key={k}>
                {i.path ? (
                  <Badge variant="light" me={6}>
                    {i.path}
                  </Badge>
                ) : null}
                {i.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}
