import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../api/contract/common.ts';
import { rtlLocales, supportedLocales } from '../../api/contract/constants.ts';
import { errorText } from '../../ui/errorText.ts';
import { NATIVE_NAMES } from '../../ui/LanguageButton.tsx';
import { usePhone } from '../../ui/usePhone.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { trimmedNames } from './shared.tsx';

export interface HallNameAsk {
  title: string;
  action: string;
  /** The line above the names; default: the hall's. */
  hint?: string;
  initial: LocalizedText;
  save(name: LocalizedText): Promise<void>;
}

/** A name in every language: to add a hall or rename one, to name a price list. */
export function HallNameDialog({ ask, onClose }: { ask: HallNameAsk | null; onClose(): void }) {
  const phone = usePhone();
  return (
    <Modal opened={ask !== null} onClose={onClose} title={ask?.title} centered fullScreen={phone}>
      {/* A fresh form each time it opens (the names of the hall it was opened for). */}
      {ask ? <HallNameForm key={ask.title} ask={ask} onClose={onClose} /> : null}
    </Modal>
  );
}

function HallNameForm({ ask, onClose }: { ask: HallNameAsk; onClose(): void }) {
  const { t } = useTranslation();
  const [names, setNames] = useState<LocalizedText>(ask.initial);
  const [missing, setMissing] = useState(false);
  const { busy, error, run } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = trimmedNames(names);
    setMissing(Object.keys(name).length === 0);
    if (Object.keys(name).length === 0) return;
    await run(async () => {
      await ask.save(name);
      onClose();
    });
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="hall-name-form" noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {ask.hint ?? t('backoffice.venues.hallNameHint')}
        </Text>
        <NamesFields names={names} onChange={setNames} />
        {missing ? <Alert color="orange">{t('backoffice.venues.nameRequired')}</Alert> : null}
        {error ? <Alert color="red">{errorText(t, error)}</Alert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={onClose}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button type="submit" mih={TOUCH_PX} loading={busy} data-testid="hall-name-save">
            {ask.action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A name's field in each language, each in its own direction. */
export function NamesFields({
  names,
  onChange,
}: {
  names: LocalizedText;
  onChange(update: (names: LocalizedText) => LocalizedText): void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {supportedLocales.map((l) => (
        <TextInput
          key={l}
          label={NATIVE_NAMES[l]}
          name={`hall-${l}`}
          lang={l}
          dir={rtlLocales.has(l) ? 'rtl' : 'ltr'}
          value={names[l] ?? ''}
          maxLength={120}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onChange((n) => ({ ...n, [l]: value }));
          }}
          styles={touchInput}
        />
      ))}
    </SimpleGrid>
  );
}
