import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Fact = { label: string; value: ReactNode };

/** Label and value rows; an empty value shows a dash so that no row looks broken. */
export const FactList = ({ facts, labelWidth = 160 }: { facts: Fact[]; labelWidth?: number }) => (
  <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={6}>
    <Table.Tbody>
      {facts.map((fact) => (
        <Table.Tr key={fact.label}>
          <Table.Th w={labelWidth} bg="transparent" fw={500} c="dimmed">
            {fact.label}
          </Table.Th>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>
            {fact.value === '' || fact.value === null || fact.value === undefined ? (
              <Text span c="dimmed">
                –
              </Text>
            ) : (
              fact.value
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  </Table>
);
