import { Alert, Anchor, Button, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { keepsClientsLocally } from '../../../../contracts/accounts';
import type { ClientImportResult } from '../../../../contracts/client-import';
import { useImportClients } from '../../../api/client-import';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { SuccessNotice } from '../../../components/success-notice';
import { describeApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { ClientsFileError, readClientsFile } from '../client-import-file';
import {
  buildImportCsv,
  listMappedColumns,
  matchColumns,
  pickCells,
  type ColumnMapping,
} from '../client-import-model';
import { ImportColumnsTable } from '../components/import-columns-table';
import { ImportProblemsTable } from '../components/import-problems-table';

const previewRows = 5;

type ChosenFile = { name: string; rows: string[][] };

function plural(count: number, word: string): string {
  return `${String(count)} ${word}${count === 1 ? '' : 's'}`;
}

function describeCheck(result: ClientImportResult): string {
  return (
    `${plural(result.rows, 'row')}: ${String(result.created)} new, ${String(result.updated)} to update, ` +
    `${String(result.unchanged)} unchanged, ${plural(new Set(result.errors.map((error) => error.row)).size, 'row')} with errors.`
  );
}

function describeImport(result: ClientImportResult): string {
  return `Imported: ${String(result.created)} created, ${String(result.updated)} updated, ${String(result.unchanged)} unchanged.`;
}

/** The first rows of the file under the import's column names, as they will be sent. */
function PreviewTable({ file, mapping }: { file: ChosenFile; mapping: ColumnMapping }) {
  const columns = listMappedColumns(mapping);
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder aria-label="Preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {file.rows.slice(1, previewRows + 1).map((cells, index) => (
            <Table.Tr key={index}>
              <Table.Td>{index + 2}</Table.Td>
              {pickCells(cells, mapping).map((cell, place) => (
                <Table.Td key={place}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Import clients (an account without a CRM): choose a CSV or .xlsx file, match its columns, check it (a dry run
 * that lists each row's errors), then import it after a confirmation. The file and the matching stay on screen
 * whatever happens, so a failed import loses nothing.
 */
export function ClientImportPage() {
  const account = useSession().account;
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [check, setCheck] = useState<ClientImportResult | null>(null);
  const [imported, setImported] = useState<ClientImportResult | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const importClients = useImportClients();

  if (account && !keepsClientsLocally(account.source_system)) {
    return (
      <Stack gap="md">
        <Title order={1}>Import clients</Title>
        <Alert color="yellow">
          This account&apos;s clients come from its CRM: add and change them there.
        </Alert>
        <Anchor component={Link} to="/clients">
          Back to Clients
        </Anchor>
      </Stack>
    );
  }

  async function choose(chosen: File | null) {
    setFile(null);
    setMapping(null);
    setCheck(null);
    setImported(null);
    setFileError(null);
    importClients.reset();
    if (!chosen) return;
    try {
      const rows = await readClientsFile(chosen);
      setFile({ name: chosen.name, rows });
      setMapping(matchColumns(rows[0] ?? []));
    } catch (error) {
      setFileError(error instanceof ClientsFileError ? error.message : 'This file cannot be read.');
    }
  }

  function changeMapping(next: ColumnMapping) {
    setMapping(next);
    setCheck(null);
    setImported(null);
  }

  function run(isDryRun: boolean) {
    if (!file || !mapping) return;
    setIsConfirming(false);
    importClients.mutate(
      { csv: buildImportCsv(file.rows, mapping), isDryRun },
      { onSuccess: (result) => (isDryRun ? setCheck(result) : setImported(result)) },
    );
  }

  const isRunning = importClients.isPending;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Import clients</Title>
        <Anchor component={Link} to="/clients">
          Back to Clients
        </Anchor>
      </Group>
      <Text size="sm">
        Choose a CSV file (UTF-8) or an Excel workbook (.xlsx) with a header row. Rows match your clients by
        external_id: a new one is added, a known one is updated, and a row that is the same is left as it is.
        A column left out of the file leaves that detail as it is. Row numbers are the file&apos;s: the header
        is row 1.
      </Text>
      <FileInput
        label="Clients file"
        description="A .csv or .xlsx file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear file' }}
        disabled={isRunning}
        onChange={(chosen) => void choose(chosen)}
      />
      <ErrorNotice text={fileError} />
      <Title order={2} size="h3">
        Columns
      </Title>
      <ImportColumnsTable
        {...(file && mapping
          ? {
              header: file.rows[0] ?? [],
              mapping,
              onChange: (column, index) => changeMapping({ ...mapping, [column]: index }),
            }
          : {})}
      />
      {file && mapping && (
        <>
          <Title order={2} size="h3">
            Preview
          </Title>
          <Text size="sm">
            The first rows of {file.name} ({plural(file.rows.length - 1, 'row')} under the header).
          </Text>
          <PreviewTable file={file} mapping={mapping} />
          <Group>
            <Button variant="default" loading={isRunning && check === null} onClick={() => run(true)}>
              Check file
            </Button>
            <Button disabled={check === null || isRunning} onClick={() => setIsConfirming(true)}>
              Import
            </Button>
            {isRunning && <Text size="sm">{check === null ? 'Checking...' : 'Importing...'}</Text>}
          </Group>
        </>
      )}
      {importClients.isError && (
        <Alert color="red" title="Nothing was imported">
          {describeApiError(importClients.error)} Your file and its columns are kept: correct them and try
          again.
        </Alert>
      )}
      {check && !imported && <Alert color="blue">{describeCheck(check)}</Alert>}
      {imported && <SuccessNotice>{describeImport(imported)}</SuccessNotice>}
      {(imported ?? check)?.warnings.length ? (
        <>
          <Title order={2} size="h3">
            Addresses to check
          </Title>
          <ImportProblemsTable problems={(imported ?? check)?.warnings ?? []} label="Addresses to check" />
        </>
      ) : null}
      {(imported ?? check)?.errors.length ? (
        <>
          <Title order={2} size="h3">
            Rows with errors (not imported)
          </Title>
          <ImportProblemsTable problems={(imported ?? check)?.errors ?? []} label="Rows with errors" />
        </>
      ) : null}
      {isConfirming && check && (
        <ConfirmDialog
          title="Import clients?"
          question={`${String(check.created)} new and ${String(check.updated)} updated clients from ${file?.name ?? ''}. Rows with errors are left out.`}
          confirmLabel="Import"
          isPending={false}
          // The import runs on the page, which says how it goes: the dialog closes at once.
          runAction={async () => run(false)}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </Stack>
  );
}
