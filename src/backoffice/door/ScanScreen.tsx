import { Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, pickText } from '../../domain/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { isolate, toneOf } from './answerView.ts';
import { CameraScanner } from './camera/CameraScanner.tsx';
import { CountsPanel } from './CountsPanel.tsx';
import { DirectionControl } from './DirectionControl.tsx';
import type { DoorEngine, DoorSetup } from './engine.ts';
import type { SavedDoor } from './saved.ts';
import { createScanGate } from './scanGate.ts';
import { ScannerInput, type ScannerInputHandle } from './ScannerInput.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { useScanner } from './useScanner.ts';
import { VerdictOverlay } from './VerdictOverlay.tsx';

/**
 * Scanning: what this door admits and which way (always in reach at the top), the live counts, and the
 * three ways to scan (camera, handheld scanner, search); the answer covers the screen.
 */
export function ScanScreen({
  saved,
  setup,
  engine,
  onChange,
  onEdit,
}: {
  saved: SavedDoor;
  setup: DoorSetup;
  engine: DoorEngine;
  onChange(saved: SavedDoor): void;
  onEdit(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { shown, scan, dismiss, answered } = useScanner(engine, setup);
  const [cameraOn, setCameraOn] = useState(false);
  const input = useRef<ScannerInputHandle>(null);
  const gate = useMemo(() => createScanGate(), []);
  // A refusal on the screen: the camera does not send that code again while it is there.
  const refusedOnScreen =
    shown && (!shown.answer || toneOf(shown.answer.verdict) === 'red') ? shown.code : null;
  const fromCamera = useCallback(
    (text: string) => {
      if (gate.pass(text.trim(), performance.now(), refusedOnScreen)) void scan(text);
    },
    [gate, refusedOnScreen, scan],
  );
  const close = useCallback(() => {
    dismiss();
    input.current?.refocus();
  }, [dismiss]);

  return (
    <Stack gap="sm" data-testid="door-scan">
      <Card
        withBorder
        radius="md"
        padding="sm"
        pos="sticky"
        top={0}
        style={{ zIndex: 10 }}
        data-testid="door-status"
        data-direction={setup.direction}
      >
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              {saved.presentations.map((p) => (
                <Text key={p.id} fw={700} truncate data-testid="door-status-presentation">
                  <bdi>{formatTime(p.startsAt, locale)}</bdi> {pickText(p.title, locale)}
                </Text>
              ))}
              <Text fz="sm" c="dimmed" data-testid="door-status-door">
                {t('door.scan.at', { door: isolate(setup.door) })}
              </Text>
            </Stack>
            <Button
              variant="default"
              mih={TOUCH_PX}
              onClick={onEdit}
              data-testid="door-edit"
              style={{ flexShrink: 0 }}
            >
              {t('door.scan.change')}
            </Button>
          </Group>
          <DirectionControl
            size="md"
            value={setup.direction}
            onChange={(direction) => onChange({ ...saved, direction })}
          />
        </Stack>
      </Card>
      <CountsPanel presentationIds={setup.presentationIds} refresh={answered} />
      <CameraScanner onCode={fromCamera} onActive={setCameraOn} />
      <ScannerInput ref={input} cameraOn={cameraOn} onCode={(code) => void scan(code)} />
      <Box pt="xs">
        <SearchPanel setup={setup} onLetIn={scan} />
      </Box>
      <VerdictOverlay shown={shown} onDismiss={close} />
    </Stack>
  );
}
