import { Button, Group, TextInput } from '@mantine/core';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';

export interface ScannerInputHandle {
  /** Takes the focus back (after an answer is closed), where that pops no keyboard unasked. */
  refocus(): void;
}

/** A phone (touch first) pops its keyboard on focus: the field takes the focus by itself only elsewhere. */
const touchFirst = () => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * The handheld scanner's field: a scanner types the code and Enter, which sends it. The field keeps the
 * focus (taken back when it falls to the page), so the next ticket can be scanned at once; while the
 * camera reads it asks for no on-screen keyboard (inputMode none). An usher can type a number too.
 */
export function ScannerInput({
  onCode,
  cameraOn,
  ref,
}: {
  onCode(code: string): void;
  cameraOn: boolean;
  ref?: Ref<ScannerInputHandle>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const mayGrab = () => cameraOn || !touchFirst();
  const grab = () => {
    if (mayGrab()) input.current?.focus({ preventScroll: true });
  };
  useImperativeHandle(ref, () => ({ refocus: grab }));
  useEffect(() => {
    if (mayGrab()) input.current?.focus({ preventScroll: true });
    // Taken again whenever the camera starts or stops.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cameraOn]);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const code = value.trim();
        setValue('');
        if (code) onCode(code);
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={input}
          style={{ flex: 1 }}
          label={t('door.keyboard.label')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onBlur={(e) => {
            // Only when the focus fell to the page, not when the usher went to another field.
            if (e.relatedTarget === null) setTimeout(grab, 0);
          }}
          inputMode={cameraOn ? 'none' : 'text'}
          enterKeyHint="go"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          styles={touchInput}
          data-testid="door-code-input"
        />
        <Button type="submit" mih={TOUCH_PX} variant="light" data-testid="door-code-send">
          {t('door.keyboard.send')}
        </Button>
      </Group>
    </form>
  );
}
