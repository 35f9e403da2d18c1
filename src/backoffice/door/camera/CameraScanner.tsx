import { Alert, AspectRatio, Box, Button, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_PX } from '../../ui/touch.ts';
import { useCamera } from './useCamera.ts';

/** The camera's view with its start and stop; `onActive` says whether it is reading (the keyboard hides). */
export function CameraScanner({
  onCode,
  onActive,
}: {
  onCode(text: string): void;
  onActive(active: boolean): void;
}) {
  const { t } = useTranslation();
  const { videoRef, state, start, stop } = useCamera(onCode);
  const active = state === 'on' || state === 'starting';
  useEffect(() => onActive(active), [active, onActive]);
  return (
    <Stack gap="xs" data-testid="door-camera" data-state={state}>
      {/* The video is always there (start needs it at once); it takes room only while the camera is on. */}
      <Box display={active ? 'block' : 'none'}>
        <AspectRatio ratio={4 / 3} bg="dark.9" style={{ borderRadius: 12, overflow: 'hidden' }}>
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label={t('door.camera.view')}
            style={{ objectFit: 'cover' }}
          />
        </AspectRatio>
      </Box>
      {active ? (
        <Button variant="default" size="md" mih={TOUCH_PX} onClick={stop} data-testid="door-camera-stop">
          {t('door.camera.stop')}
        </Button>
      ) : (
        <Button size="xl" color="dark" mih={64} onClick={() => void start()} data-testid="door-camera-start">
          {t('door.camera.start')}
        </Button>
      )}
      {state === 'denied' || state === 'unavailable' ? (
        <Alert color="orange" data-testid="door-camera-problem">
          {t(`door.camera.${state}`)}
        </Alert>
      ) : null}
    </Stack>
  );
}
