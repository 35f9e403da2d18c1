import { Box, Card, SimpleGrid, Stack, Table, Text, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from './usePhone.ts';

/** One column of a table, and one labelled value of a card on a phone: the same content for both. */
export interface RowField<T> {
  key: string;
  /** The column's heading, and the value's label on a phone's card. */
  label: string;
  value: (row: T) => ReactNode;
  /** Numbers and money: lined up at the column's end. */
  numeric?: boolean;
  /** On the value itself (not its label), so a test reads the same value on a desktop and a phone. */
  testId?: string;
  /** Codes and numbers read left to right in a right-to-left page too. */
  ltr?: boolean;
  bold?: boolean;
  /** A desktop column that keeps its text on one line, or at least this wide. */
  nowrap?: boolean;
  minWidth?: number;
  /** On a phone: the card's heading, across its width and without a label. */
  heading?: boolean;
}

/** The row's own attributes (data-testid and the data-… a test finds it by), on the row or the card. */
export type RowAttributes = Partial<Record<`data-${string}`, string>>;

/** A row's buttons on a phone: across the card and 44 px tall, one beneath the other. */
export const PHONE_ROW_BUTTON = { fullWidth: true, h: 44 } as const;

interface Props<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  fields: readonly RowField<T>[];
  rowAttributes?: (row: T) => RowAttributes;
  /**
   * The row's buttons (told whether they go on a phone's card), null when it has none; on a desktop
   * beneath the value of `actionsIn`'s cell.
   */
  actions?: (row: T, phone: boolean) => ReactNode;
  actionsIn?: string;
  /** The desktop table scrolls sideways inside its box below this width. */
  minWidth: number;
  tableProps?: TableProps;
}

/**
 * A list of rows: a table on a desktop, a card per row on a phone (every column's value under its
 * label, the buttons across the card), so nothing needs scrolling sideways on a 390 px screen.
 */
export function ResponsiveTable<T>(props: Props<T>) {
  return usePhone() ? <RowCards {...props} /> : <RowsTable {...props} />;
}

function RowsTable<T>({
  rows,
  rowKey,
  fields,
  rowAttributes,
  actions,
  actionsIn,
  minWidth,
  tableProps,
}: Props<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {fields.map((f) => (
              <Table.Th key={f.key} ta={f.numeric ? 'end' : undefined}>
                {f.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowAttributes?.(row)}>
              {fields.map((f) => {
                const value = f.value(row);
                const buttons = actions && actionsIn === f.key ? actions(row, false) : null;
                return (
                  <Table.Td
                    key={f.key}
                    ta={f.numeric ? 'end' : undefined}
                    dir={f.ltr ? 'ltr' : undefined}
                    fw={f.bold ? 600 : undefined}
                    miw={f.minWidth}
                    style={f.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    data-testid={f.testId}
                  >
                    {buttons ? (
                      <Stack gap={6} align="flex-start">
                        {value}
                        {buttons}
                      </Stack>
                    ) : (
                      value
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowCards<T>({ rows, rowKey, fields, rowAttributes, actions }: Props<T>) {
  const headings = fields.filter((f) => f.heading);
  const labelled = fields.filter((f) => !f.heading);
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card key={rowKey(row)} withBorder padding="sm" {...rowAttributes?.(row)}>
          <Stack gap="sm">
            {headings.map((f) => (
              <Box key={f.key} fw={f.bold ? 600 : undefined} data-testid={f.testId}>
                {f.value(row)}
              </Box>
            ))}
            <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
              {labelled.map((f) => (
                <div key={f.key}>
                  <Text size="xs" c="dimmed">
                    {f.label}
                  </Text>
                  <Text component="div" size="sm" fw={f.bold ? 600 : undefined} data-testid={f.testId}>
                    {/* A left-to-right code still starts at a right-to-left card's start. */}
                    {f.ltr ? <span dir="ltr">{f.value(row)}</span> : f.value(row)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <RowButtons buttons={actions?.(row, true)} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** Nothing at all when a row has no buttons (a card's gap would stay under it). */
function RowButtons({ buttons }: { buttons: ReactNode }) {
  return buttons ? <Stack gap="xs">{buttons}</Stack> : null;
}
