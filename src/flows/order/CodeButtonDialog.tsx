import { Alert, Button, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoucherByCodeButton } from '../../api/contract/session.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { codeErrorText } from './codeErrorText.ts';

/**
 * The dialog of a voucher-by-code button (settings.vouchers.byCodeButtons: a partner card, a voucher):
 * the venue's title, description and placeholder around one code field. Closes once the code applies.
 */
export function CodeButtonDialog({
  button,
  onApply,
  onClose,
}: {
  /** The button whose dialog is open; null: closed. */
  button: VoucherByCodeButton | null;
  onApply: (code: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setValue('');
    setError(null);
    onClose();
  };
  const apply = async () => {
    if (!value.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onApply(value);
      close();
    } catch (err) {
      setError(codeErrorText(t, err, value));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={button !== null}
      onClose={close}
      title={button ? pickText(button.title, locale) : ''}
      centered
      data-testid="code-dialog"
    >
      {button ? (
        <Stack>
          <Group wrap="nowrap" align="flex-start">
            {button.image ? <Image src={button.image} alt="" w={72} h={46} radius="sm" /> : null}
            <Text size="sm">{pickText(button.description, locale)}</Text>
          </Group>
          <TextInput
            label={t('ticketCodes.codeLabel')}
            placeholder={pickText(button.placeholder, locale)}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void apply();
            }}
            dir="ltr"
            autoComplete="off"
            data-autofocus
            data-testid="code-dialog-input"
          />
          {error ? (
            <Alert color="red" role="alert" data-testid="code-dialog-error">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('checkout.close')}
            </Button>
            <Button
              onClick={() => void apply()}
              loading={busy}
              disabled={!value.trim()}
              data-testid="code-dialog-apply"
            >
              {t('ticketCodes.apply')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
