import { NativeSelect, Table, Text } from '@mantine/core';
import {
  clientImportColumnHelp,
  clientImportColumns,
  requiredImportColumns,
  type ClientImportColumn,
} from '../../../../domain/client-import';
import type { ColumnMapping } from '../client-import-model';

const notInFile = '';

/**
 * The import's columns with what each holds; with a chosen file, which of its columns fills each one (matched by
 * header name, changeable).
 */
export function ImportColumnsTable({
  header,
  mapping,
  onChange,
}: {
  header?: readonly string[];
  mapping?: ColumnMapping;
  onChange?: (column: ClientImportColumn, index: number | null) => void;
}) {
  const choices = [
    { value: notInFile, label: 'Not in the file' },
    ...(header ?? []).map((name, index) => ({
      value: String(index),
      label: name.trim() || `Column ${String(index + 1)}`,
    })),
  ];
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            {mapping && <Table.Th>Column of your file</Table.Th>}
            <Table.Th>What it holds</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clientImportColumns.map((column) => (
            <Table.Tr key={column}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {column}
                  {(requiredImportColumns as readonly string[]).includes(column) ? ' *' : ''}
                </Text>
              </Table.Td>
              {mapping && (
                <Table.Td>
                  <NativeSelect
                    size="xs"
                    aria-label={`Column for ${column}`}
                    data={choices}
                    value={mapping[column] === null ? notInFile : String(mapping[column])}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      onChange?.(column, value === notInFile ? null : Number(value));
                    }}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{clientImportColumnHelp[column]}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
