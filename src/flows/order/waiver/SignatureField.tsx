import { Box, Button, Group, Input, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/**
 * A signature drawn on screen with a finger, a pen or the mouse (signature_pad's pointer events). The
 * canvas is sized to its box in device pixels, so the line stays sharp on a phone; what was drawn is
 * handed up as a PNG data URL after every stroke, and null once cleared.
 */
export function SignatureField({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (png: string | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  }, [onChange]);
  const initial = useRef(value);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const sp = new SignaturePad(el, { penColor: '#1a1b1e', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = sp;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = sp.toData();
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      sp.clear();
      sp.fromData(data);
    };
    fit();
    if (initial.current)
      void sp.fromDataURL(initial.current, { width: el.offsetWidth, height: el.offsetHeight });
    const ended = () => change.current(sp.isEmpty() ? null : sp.toDataURL('image/png'));
    sp.addEventListener('endStroke', ended);
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => {
      observer.disconnect();
      sp.removeEventListener('endStroke', ended);
      sp.off();
      pad.current = null;
    };
  }, []);

  return (
    <Input.Wrapper
      label={t('waiver.signature')}
      description={t('waiver.signatureHint')}
      error={error}
      required
    >
      <Box
        mt={4}
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
        }}
      >
        <canvas
          ref={canvas}
          data-testid="waiver-signature"
          aria-label={t('waiver.signature')}
          style={{ display: 'block', width: '100%', height: 160, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed" data-testid="waiver-signed-state">
          {value ? t('waiver.signed') : t('waiver.notSigned')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          data-testid="waiver-signature-clear"
          onClick={() => {
            pad.current?.clear();
            onChange(null);
          }}
        >
          {t('waiver.clearSignature')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
