import { Alert, Badge, Button, Card, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../ui/errorText.ts';
import { RecordTable } from '../ui/RecordTable.tsx';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { HallNameDialog, type HallNameAsk } from '../venues/HallNameDialog.tsx';
import { useLoaded, useName } from '../venues/shared.tsx';
import { pricesApi, type TicketType } from './api.ts';
import { PriceCell } from './PriceCell.tsx';
import { Products } from './Products.tsx';
import { type NewTicketTypeAsk, TicketTypeDialog } from './TicketTypeDialog.tsx';

/**
 * The prices tab (managers and admins, `/staff/prices`): the price lists, and the ticket types of the
 * chosen one by price level, each price and handling fee changed in place. A change sells at once on
 * every show of the list; what was sold keeps its price. A new list starts as a copy of the chosen one.
 */
export function Prices() {
  const { t } = useTranslation();
  const name = useName();
  const lists = useLoaded((signal) => pricesApi.lists(signal), 'price-lists');
  // A link may name the list to show (a show's own prices, from its dialog).
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(Number(params.get('list')) || null);
  const [ask, setAsk] = useState<HallNameAsk | null>(null);
  const [adding, setAdding] = useState<NewTicketTypeAsk | null>(null);
  const [levelShown, setLevelShown] = useState('');

  if (lists.error && !lists.data) return <Alert color="red">{errorText(t, lists.error)}</Alert>;
  if (!lists.data) return <Skeleton height={480} radius="md" aria-busy="true" />;
  const all = lists.data.priceLists;
  const list = all.find((l) => l.id === chosen) ?? all[0];
  if (!list) return null;

  const replace = (changed: TicketType) =>
    lists.set({
      priceLists: all.map((l) => ({
        ...l,
        levels: l.levels.map((g) => ({
          ...g,
          tickets: g.tickets.map((x) => (x.id === changed.id ? changed : x)),
        })),
      })),
    });

  return (
    <Stack gap="lg" data-testid="prices">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {t('backoffice.prices.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('backoffice.prices.intro')}
          </Text>
          <Group align="flex-end" wrap="wrap" gap="sm">
            <NativeSelect
              label={t('backoffice.prices.list')}
              value={String(list.id)}
              onChange={(e) => setChosen(Number(e.currentTarget.value))}
              data={all.map((l) => ({
                value: String(l.id),
                label:
                  l.presentationId === null
                    ? name(l.name)
                    : t('backoffice.prices.ownOf', { name: name(l.name) }),
              }))}
              styles={touchInput}
              data-testid="price-list"
              style={{ flex: '1 1 16rem' }}
            />
            <Button
              variant="light"
              mih={TOUCH_PX}
              data-testid="price-list-new"
              onClick={() =>
                setAsk({
                  title: t('backoffice.prices.newList'),
                  action: t('backoffice.prices.create'),
                  hint: t('backoffice.prices.newListHint', { list: name(list.name) }),
                  initial: {},
                  async save(names) {
                    const made = await pricesApi.createList({ name: names, copyOf: list.id });
                    lists.set({ priceLists: [...all, made] });
                    setChosen(made.id);
                  },
                })
              }
            >
              {t('backoffice.prices.newList')}
            </Button>
          </Group>
          {list.levels.length > 3 ? (
            <NativeSelect
              label={t('backoffice.prices.levelShown')}
              value={levelShown}
              onChange={(e) => setLevelShown(e.currentTarget.value)}
              data={[
                { value: '', label: t('backoffice.prices.allLevels', { count: list.levels.length }) },
                ...list.levels.map((g) => ({ value: String(g.id), label: name(g.name) })),
              ]}
              styles={touchInput}
              data-testid="price-level-shown"
              style={{ maxWidth: '24rem' }}
            />
          ) : null}
          <Text size="sm" data-testid="price-list-uses">
            {t('backoffice.prices.uses', { count: list.presentations })}
          </Text>
        </Stack>
      </Card>
      {list.levels
        .filter((g) => levelShown === '' || String(g.id) === levelShown)
        .map((level) => (
          <Card withBorder padding="md" key={`${list.id}-${level.id}`} data-testid="price-level">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Title order={3} fz="h4">
                  {name(level.name)}
                </Title>
                <Button
                  variant="light"
                  mih={TOUCH_PX}
                  data-testid="ticket-type-new"
                  aria-label={`${t('backoffice.prices.addTicketType')}: ${name(level.name)}`}
                  onClick={() => setAdding({ listId: list.id, level })}
                >
                  {t('backoffice.prices.addTicketType')}
                </Button>
              </Group>
              <RecordTable<TicketType>
                rows={level.tickets}
                rowKey={(x) => String(x.id)}
                rowAttributes={(x) => ({ 'data-testid': 'ticket-type', 'data-ticket-id': String(x.id) })}
                minWidth={640}
                columns={[
                  { key: 'name', label: t('backoffice.prices.ticket'), render: (x) => name(x.name) },
                  {
                    key: 'kind',
                    label: t('backoffice.prices.forWhom'),
                    render: (x) => <Badge variant="light">{t(`backoffice.prices.kinds.${x.kind}`)}</Badge>,
                  },
                  {
                    key: 'price',
                    label: t('backoffice.prices.price'),
                    render: (x) => <PriceCell ticket={x} field="price" onSaved={replace} />,
                  },
                  {
                    key: 'serviceCharge',
                    label: t('backoffice.prices.serviceCharge'),
                    render: (x) => <PriceCell ticket={x} field="serviceCharge" onSaved={replace} />,
                  },
                ]}
              />
            </Stack>
          </Card>
        ))}
      <Products />
      <HallNameDialog ask={ask} onClose={() => setAsk(null)} />
      <TicketTypeDialog
        ask={adding}
        onClose={() => setAdding(null)}
        onAdded={(added) =>
          lists.set({
            priceLists: all.map((l) =>
              l.id !== adding?.listId
                ? l
                : {
                    ...l,
                    levels: l.levels.map((g) =>
                      g.id === added.ticketGroupId ? { ...g, tickets: [...g.tickets, added] } : g,
                    ),
                  },
            ),
          })
        }
      />
    </Stack>
  );
}
