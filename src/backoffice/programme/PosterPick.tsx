import { Alert, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { posterPath } from '../../domain/posters.ts';
import { errorText } from '../../ui/errorText.ts';
import { FilePick } from '../ui/FilePick.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { useName } from '../venues/shared.tsx';
import { type Feature, programmeApi } from './api.ts';

/** The most bytes a poster file may have (the box office checks it too: poster_too_large). */
const MAX_BYTES = 8 * 1024 * 1024;

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('the file cannot be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A feature's poster: what the board shows now, and a file to upload in its place (JPEG, PNG or WebP,
 * checked and drawn in the shop's sizes by the box office), or the upload taken away.
 */
export function PosterPick({ feature, onChanged }: { feature: Feature; onChanged(f: Feature): void }) {
  const { t } = useTranslation();
  const name = useName();
  const [fileName, setFileName] = useState<string | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [missing, setMissing] = useState(false);
  const { busy, error, run } = useAction();
  const shown = feature.poster ?? posterPath(feature.id);

  async function upload(file: File | null) {
    if (!file) return;
    setFileName(file.name);
    setTooLarge(file.size > MAX_BYTES);
    if (file.size > MAX_BYTES) return;
    await run(async () => {
      const saved = await programmeApi.uploadPoster(feature.id, await base64Of(file));
      setMissing(false);
      onChanged(saved);
    });
  }

  return (
    <Stack gap="xs" data-testid="poster-pick">
      <Text fw={600}>{t('backoffice.programme.poster')}</Text>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <div
          style={{ width: 120, height: 180, flex: '0 0 120px', background: 'var(--mantine-color-gray-1)' }}
        >
          {missing ? null : (
            <Image
              key={shown}
              src={shown}
              alt={name(feature.title)}
              w={120}
              h={180}
              fit="cover"
              data-testid="poster-shown"
              onError={() => setMissing(true)}
            />
          )}
        </div>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <FilePick
            fileName={fileName}
            hint={t('backoffice.programme.posterHint')}
            accept="image/jpeg,image/png,image/webp"
            busy={busy}
            testId="poster-drop"
            buttonTestId="poster-choose"
            onFile={(f) => void upload(f)}
          />
          {feature.poster ? (
            <Button
              variant="subtle"
              color="red"
              mih={TOUCH_PX}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => void run(async () => onChanged(await programmeApi.removePoster(feature.id)))}
              data-testid="poster-remove"
            >
              {t('backoffice.programme.posterRemove')}
            </Button>
          ) : null}
        </Stack>
      </Group>
      {tooLarge ? <Alert color="orange">{t('errors.poster_too_large')}</Alert> : null}
      {error ? (
        <Alert color="red" data-testid="poster-error">
          {errorText(t, error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
