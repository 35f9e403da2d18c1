import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderTerms } from '../../domain/terms.ts';

/**
 * "Read the terms" beside the terms box: the venue's address in a new tab, or its text in a dialog. It
 * sits inside the box's label, and a link or button there opens the terms without ticking the box.
 * The text is plain (paragraphs), never markup from the box office.
 */
export function TermsLink({ terms }: { terms: OrderTerms }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (terms.kind === 'address')
    return (
      <Anchor href={terms.url} target="_blank" rel="noopener noreferrer" data-testid="terms-link">
        {t('customer.readTerms')}
      </Anchor>
    );
  return (
    <>
      <Anchor
        component="button"
        type="button"
        fz="inherit"
        onClick={() => setOpen(true)}
        data-testid="terms-link"
        aria-haspopup="dialog"
      >
        {t('customer.readTerms')}
      </Anchor>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('customer.termsTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="terms-dialog"
      >
        <Stack gap="sm">
          {terms.paragraphs.map((p, i) => (
            <Text key={i} size="sm" style={{ whiteSpace: 'pre-line' }}>
              {p}
            </Text>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)} data-testid="terms-close">
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
