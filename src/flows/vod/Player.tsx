import { Alert, Box, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VodViewing } from '../../api/contract/vod.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { browserTraits, playerFor } from './browserSupport.ts';
import { Playback, type PlaybackState, storedPlay } from './playback.ts';

const SUBTITLE_LANGUAGES = ['he', 'en'] as const;

/**
 * The film: the browser warnings of spec section 8, the play button (which uses a play, or goes on with
 * the play under way after a reload), the video with its controls and subtitles in Hebrew and English,
 * and what stopped it (another device, no plays left, the load error).
 */
export function Player({
  viewing,
  k,
  onViewing,
}: {
  viewing: VodViewing;
  k: string | undefined;
  onViewing(v: VodViewing): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const video = useRef<HTMLVideoElement>(null);
  const playback = useRef<Playback | null>(null);
  const { mode, warnings } = useMemo(() => playerFor(browserTraits()), []);
  const [state, setState] = useState<PlaybackState>({ kind: 'idle' });
  const [languages, setLanguages] = useState<string[]>([]);
  const [subtitle, setSubtitle] = useState<string | null>(locale === 'he' || locale === 'en' ? locale : null);
  const { reservationIdentifier: resId, presentationId: vodId } = viewing;
  const resuming = storedPlay(resId, vodId) !== null;

  useEffect(() => () => playback.current?.stop(), []);
  const canStart =
    mode !== 'none' && viewing.status === 'current' && (viewing.playsRemaining > 0 || resuming);
  // The player's code starts loading while the customer reads the page, not after the click.
  useEffect(() => {
    if (canStart && mode === 'hlsjs') void import('hls.js');
  }, [canStart, mode]);

  function play() {
    if (!video.current) return;
    playback.current?.stop();
    const p = new Playback(
      video.current,
      { resId, vodId, k, mode, subtitle },
      { state: setState, viewing: onViewing, subtitles: setLanguages },
    );
    playback.current = p;
    void p.start();
    // The whole picture, its controls and subtitles on the screen (the box is sized to fit it).
    video.current.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  function chooseSubtitle(value: string) {
    const lang = value === 'off' ? null : value;
    setSubtitle(lang);
    playback.current?.setSubtitle(lang);
  }

  const showButton = state.kind === 'idle' || state.kind === 'takenOver' || state.kind === 'loadError';
  const offered = SUBTITLE_LANGUAGES.filter((l) => languages.includes(l));

  return (
    <Stack gap="sm">
      {warnings.map((w) => (
        <Alert key={w} color={w === 'unsupported' ? 'red' : 'yellow'} data-testid={`vod-warning-${w}`}>
          {t(`vod.warnings.${w}`)}
        </Alert>
      ))}
      <Box
        pos="relative"
        bg="black"
        // 16:9, no taller than the screen below the shop's header (with a margin): on a desktop the whole
        // picture, its controls and the subtitles at its bottom fit the window.
        style={{
          aspectRatio: '16 / 9',
          width: 'min(100%, calc((100dvh - 120px) * 16 / 9))',
          marginInline: 'auto',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
        }}
      >
        <video
          ref={video}
          data-testid="vod-video"
          data-state={state.kind}
          playsInline
          controls={state.kind === 'playing'}
          style={{ width: '100%', height: '100%', display: 'block' }}
          aria-label={t('vod.player')}
        />
        {showButton && canStart ? (
          <Group pos="absolute" inset={0} justify="center" align="center">
            <Button
              size="lg"
              onClick={play}
              data-testid="vod-play"
              data-resume={resuming && state.kind === 'idle'}
            >
              {resuming && state.kind === 'idle' ? t('vod.resume') : t('vod.play')}
            </Button>
          </Group>
        ) : null}
      </Box>
      {showButton && canStart ? (
        <Text size="sm" c="dimmed" data-testid="vod-play-note">
          {resuming && state.kind === 'idle'
            ? t('vod.resumeNote')
            : t('vod.playNote', { remaining: viewing.playsRemaining })}
        </Text>
      ) : null}
      {offered.length > 0 ? (
        <Group gap="sm">
          <Text size="sm">{t('vod.subtitles')}</Text>
          <SegmentedControl
            size="xs"
            value={subtitle && offered.includes(subtitle as 'he' | 'en') ? subtitle : 'off'}
            onChange={chooseSubtitle}
            data-testid="vod-subtitles"
            data={[
              { value: 'off', label: t('vod.subtitlesOff') },
              ...offered.map((l) => ({ value: l, label: t(`vod.subtitleLanguage.${l}`) })),
            ]}
          />
        </Group>
      ) : null}
      {state.kind === 'takenOver' ? (
        <Alert color="orange" title={t('vod.takenOverTitle')} data-testid="vod-taken-over">
          {t('vod.takenOver')}
        </Alert>
      ) : null}
      {state.kind === 'loadError' ? (
        <Alert color="red" title={t('vod.loadErrorTitle')} data-testid="vod-load-error">
          {t('vod.loadError')}
        </Alert>
      ) : null}
      {state.kind === 'refused' ? (
        <Alert color="red" data-testid="vod-refused" data-code={state.code}>
          {t(`errors.${state.code}`, { defaultValue: t('errors.generic') })}
        </Alert>
      ) : null}
    </Stack>
  );
}
