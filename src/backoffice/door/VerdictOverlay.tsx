import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime, pickText } from '../../domain/format.ts';
import { seatLabel } from '../../ui/seatLabel.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { GREEN_MS, isolate, lastScanLine, toneOf, verdictKey } from './answerView.ts';
import type { DoorAnswer } from './engine.ts';
import { measureAnswer } from './timing.ts';
import type { Shown } from './useScanner.ts';

/**
 * The answer, full screen over the page (it moves nothing underneath), readable at arm's length: green
 * lets in, red says why not. Green goes by itself after two seconds; red stays until tapped or the next
 * scan.
 */
export function VerdictOverlay({ shown, onDismiss }: { shown: Shown | null; onDismiss(): void }) {
  const { t } = useTranslation();
  const tone = shown?.answer ? toneOf(shown.answer.verdict) : 'red';
  const seq = shown?.seq;
  useEffect(() => {
    if (seq === undefined) return;
    measureAnswer();
    if (tone !== 'green') return;
    const timer = setTimeout(onDismiss, GREEN_MS);
    return () => clearTimeout(timer);
  }, [seq, tone, onDismiss]);
  useEffect(() => {
    if (seq === undefined) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onDismiss();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [seq, onDismiss]);
  if (!shown) return null;
  const verdict = shown.answer?.verdict ?? 'failed';
  return (
    <Box
      pos="fixed"
      inset={0}
      style={{ zIndex: 300, overflowY: 'auto', cursor: 'pointer' }}
      bg={tone === 'green' ? 'green.8' : 'red.8'}
      c="white"
      p="lg"
      role="alert"
      onClick={onDismiss}
      data-testid="door-verdict"
      data-verdict={verdict}
      data-tone={tone}
    >
      <Stack gap="md" align="center" justify="center" mih="100%" ta="center" maw={640} mx="auto">
        <Text fz={44} fw={900} lh={1.1} data-testid="door-verdict-title">
          {shown.answer
            ? t(verdictKey(shown.answer.verdict, (k) => i18next.exists(k)))
            : t('door.answer.failed')}
        </Text>
        {shown.answer ? <AnswerDetails answer={shown.answer} /> : null}
        {tone === 'green' ? null : (
          <Text fz="md" c="rgba(255,255,255,0.85)" mt="md">
            {t('door.answer.tapToClose')}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function AnswerDetails({ answer }: { answer: DoorAnswer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const last = lastScanLine(answer);
  const { ticket, pass } = answer;
  return (
    <Stack gap={6} align="center">
      {last ? (
        <Text fz={22} fw={700} data-testid="door-verdict-last">
          {t(last.key, { time: formatTime(last.at, locale), door: isolate(last.door ?? '') })}
        </Text>
      ) : null}
      {ticket ? (
        <>
          <Text fz={30} fw={800} data-testid="door-verdict-seat">
            {seatLabel(t, ticket, ticket.seat !== '')}
          </Text>
          <Text fz={22} fw={600}>
            {pickText(ticket.ticketType, locale)}
          </Text>
          <Text fz={20}>{ticket.customerName}</Text>
          <Text fz={18} dir="auto">
            {t('door.answer.order', { order: ticket.reservationIdentifier })}
          </Text>
          {ticket.child || ticket.wheelchair ? (
            <Group gap="sm" justify="center">
              {ticket.child ? (
                <Badge size="xl" color="yellow" c="dark" data-testid="door-badge-child">
                  {t('door.answer.child')}
                </Badge>
              ) : null}
              {ticket.wheelchair ? (
                <Badge size="xl" color="blue" data-testid="door-badge-wheelchair">
                  {t('door.answer.wheelchair')}
                </Badge>
              ) : null}
            </Group>
          ) : null}
        </>
      ) : null}
      {pass ? (
        <Stack gap={4} align="center" data-testid="door-verdict-pass">
          <Text fz={26} fw={800}>
            {pickText(pass.name, locale)}
          </Text>
          <Text fz={20}>{pass.holder}</Text>
          {pass.usesLeft !== null ? (
            <Text fz={20}>{t('door.answer.usesLeft', { count: pass.usesLeft })}</Text>
          ) : null}
          {pass.validUntil ? (
            <Text fz={18}>{t('door.answer.validUntil', { date: formatDate(pass.validUntil, locale) })}</Text>
          ) : null}
        </Stack>
      ) : null}
      {answer.decidedOffline ? (
        <Badge size="lg" color="dark" variant="filled" data-testid="door-verdict-offline">
          {t('door.answer.offline')}
        </Badge>
      ) : null}
    </Stack>
  );
}
