import { Table } from '@mantine/core';
import type { ClientImportProblemItem } from '../../../../contracts/client-import';

/** The rows an import left out or imported with a caveat: row number (as in the file), column and what is wrong. */
export function ImportProblemsTable({
  problems,
  label,
}: {
  problems: readonly ClientImportProblemItem[];
  label: string;
}) {
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((problem, index) => (
            <Table.Tr key={`${String(problem.row)}-${problem.field}-${String(index)}`}>
              <Table.Td>{problem.row}</Table.Td>
              <Table.Td>{problem.field}</Table.Td>
              <Table.Td>{problem.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
