import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepsClientsLocally } from '../../../../contracts/accounts';
import { fetchClientsExport } from '../../../api/client-import';
import { downloadBlob } from '../../../lib/print-window';
import { useSession } from '../../../lib/session-store';
import { describeApiError } from '../../../lib/api-client';
import { useLabels } from '../../../api/meal-labels';
import { syncClientPage, useClientPage, type ClientPageRequest } from '../../../api/clients';
import { readSavedClientList, saveClientList, type ClientFilters } from '../client-filters-store';
import { ClientFiltersForm } from '../components/client-filters-form';
import { ClientsTable } from '../components/clients-table';
import { ListPagination } from '../components/list-pagination';
import { ErrorNotice } from '../../../components/error-notice';

/** The server's default page size for clients (decisions: 10 a page); the list does not ask for another. */
const clientsPageSize = 10;

function describeShown(page: number, count: number, total: number): string {
  const first = count === 0 ? 0 : (page - 1) * clientsPageSize + 1;
  const last = count === 0 ? 0 : first + count - 1;
  return `Showing ${String(first)}-${String(last)} of ${String(total)} clients`;
}

// The Add Client dialog (its form and Mantine's modal) loads when it opens: the list's first load stays lean.
const NewClientModal = lazy(async () => ({
  default: (await import('../components/new-client-modal')).NewClientModal,
}));

/** Clients list: filters kept in the session store, the clients table and the page links. */
export function ClientsPage() {
  const [request, setRequest] = useState<ClientPageRequest>(readSavedClientList);
  const clients = useClientPage(request);
  const labels = useLabels();
  const account = useSession().account;
  const rounds = account?.rounds ?? [];
  // Without a CRM the clients are kept here: they are added on this screen and there is nothing to sync from.
  const isLocal = account ? keepsClientsLocally(account.source_system) : false;
  const [isAdding, setIsAdding] = useState(false);
  const navigate = useNavigate();
  const [exportError, setExportError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [syncNotice, setSyncNotice] = useState<string | null>(null);
  const [isSyncing, setIsSyncing] = useState(false);
  const hasSynced = useRef(false);

  function changeRequest(next: ClientPageRequest) {
    setRequest(next);
    saveClientList(next);
  }

  // The list first loads without sync, then at once again with sync (docs/product-rules.md, Clients list). A
  // failed or slow sync leaves the stored list on screen and says why.
  const isFirstLoadDone = !clients.isPending;
  useEffect(() => {
    if (!isFirstLoadDone || hasSynced.current || isLocal) return;
    hasSynced.current = true;
    setIsSyncing(true);
    syncClientPage(queryClient, request)
      .then((message) => setSyncNotice(message || null))
      .catch((error: unknown) => setSyncNotice(describeApiError(error)))
      .finally(() => setIsSyncing(false));
  }, [isFirstLoadDone, isLocal, queryClient, request]);

  // A saved page beyond the end (clients left since) moves to the last page.
  const pageMax = clients.data?.meta.page_max ?? 1;
  useEffect(() => {
    if (clients.data && !clients.isPlaceholderData && request.page > pageMax) {
      changeRequest({ ...request, page: pageMax });
    }
  });

  function exportClients() {
    setExportError(null);
    fetchClientsExport()
      .then((file) => downloadBlob(file, 'clients.csv'))
      .catch((error: unknown) => setExportError(describeApiError(error)));
  }

  const data = clients.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Clients</Title>
        {isSyncing && (
          <Text size="sm" c="dimmed">
            Refreshing from the CRM...
          </Text>
        )}
        {isLocal && (
          <Group gap="xs">
            <Button onClick={() => setIsAdding(true)}>Add Client</Button>
            <Button component={Link} to="/clients/import" variant="default">
              Import clients
            </Button>
            <Button variant="default" onClick={exportClients}>
              Export CSV
            </Button>
          </Group>
        )}
      </Group>
      {isAdding && (
        <Suspense fallback={<Text size="sm">Loading...</Text>}>
          <NewClientModal
            onClose={() => setIsAdding(false)}
            onAdded={(clientId, notice) =>
              void navigate(`/client/${String(clientId)}/`, {
                state: notice ? { addedNotice: notice } : null,
              })
            }
          />
        </Suspense>
      )}
      {exportError && <ErrorNotice text={exportError} onDismiss={() => setExportError(null)} />}
      <ClientFiltersForm
        initial={request}
        rounds={rounds}
        onSearch={(filters: ClientFilters) => changeRequest({ ...filters, page: 1 })}
      />
      <ErrorNotice text={syncNotice} onDismiss={() => setSyncNotice(null)} />
      {clients.isError && !data ? (
        <ErrorNotice text={clients.error.message} />
      ) : (
        <ClientsTable
          clients={data?.clients ?? []}
          labels={labels.data ?? []}
          isLoading={clients.isPending}
          isUpdating={clients.isPlaceholderData}
          isLocal={isLocal}
        />
      )}
      {isLocal &&
        data?.meta.record_total === 0 &&
        request.filter === '' &&
        request.filter_round === 'all' && (
          <Text size="sm">No clients yet: add the first one with Add Client.</Text>
        )}
      {data && (
        <Group justify="space-between">
          <Text size="sm">
            {describeShown(data.meta.page ?? request.page, data.clients.length, data.meta.record_total ?? 0)}
          </Text>
          <ListPagination
            page={request.page}
            pageMax={pageMax}
            label="Clients pages"
            onChange={(page) => changeRequest({ ...request, page })}
          />
        </Group>
      )}
    </Stack>
  );
}
