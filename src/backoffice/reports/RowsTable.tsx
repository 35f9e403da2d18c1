import { Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from '../../ui/usePhone.ts';

export type Cell = ReactNode;
export interface Row {
  key: string;
  cells: Cell[];
}

/**
 * Rows of the staff area (reports, waivers): a table from a tablet on, numbers aligned to the end; on
 * a phone a card per row, each value under its column's name, so nothing needs scrolling sideways.
 */
export function RowsTable({
  head,
  body,
  testId,
  rowTestId = 'report-row',
}: {
  head: string[];
  body: Row[];
  testId: string;
  rowTestId?: string;
}) {
  const phone = usePhone();
  if (phone)
    return (
      <Stack gap="xs" data-testid={testId}>
        {body.map((row) => (
          <Card key={row.key} withBorder padding="sm" radius="md" data-testid={rowTestId}>
            <Stack gap={4}>
              {row.cells.map((c, i) => (
                <Group key={i} justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    {head[i]}
                  </Text>
                  <Text size="sm" fw={500} ta="end" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {c}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={head.length > 5 ? 760 : 420}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((row) => (
            <Table.Tr key={row.key} data-testid={rowTestId}>
              {row.cells.map((c, i) => (
                <Table.Td
                  key={i}
                  style={{ whiteSpace: 'nowrap', ...(typeof c === 'number' ? { textAlign: 'end' } : {}) }}
                >
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
