import { Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from '../../ui/usePhone.ts';

export interface Column<T> {
  key: string;
  label: string;
  render(row: T): ReactNode;
  /** Shown without its label on a phone's card (the row's buttons). */
  bare?: boolean;
}

/** `data-*` attributes for a row (test ids, the record's id). */
type RowAttributes = Record<`data-${string}`, string>;

/**
 * Records as a table on wide screens and as a stack of cards on a phone, where a table of six columns
 * would need a sideways scroll: each card lists the columns as label and value.
 */
export function RecordTable<T>({
  rows,
  rowKey,
  columns,
  rowAttributes,
  minWidth = 640,
  ...rest
}: {
  rows: readonly T[];
  rowKey(row: T): string;
  columns: readonly Column<T>[];
  rowAttributes?(row: T): RowAttributes;
  minWidth?: number;
} & RowAttributes) {
  const phone = usePhone();
  if (phone)
    return (
      <Stack gap="sm" {...rest}>
        {rows.map((row) => (
          <Card withBorder padding="sm" key={rowKey(row)} {...rowAttributes?.(row)}>
            <Stack gap={6}>
              {columns.map((c) =>
                c.bare ? (
                  <Box key={c.key}>{c.render(row)}</Box>
                ) : (
                  <Group key={c.key} gap="xs" wrap="nowrap" align="baseline">
                    <Text size="sm" c="dimmed" w={112} style={{ flexShrink: 0 }}>
                      {c.label}
                    </Text>
                    <Box miw={0} style={{ overflowWrap: 'anywhere' }}>
                      {c.render(row)}
                    </Box>
                  </Group>
                ),
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs" {...rest}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowAttributes?.(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key}>{c.render(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
