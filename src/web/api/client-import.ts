import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientImportResultSchema } from '../../contracts/client-import';
import { fetchApiBlob, requestApi, unwrapData } from '../lib/api-client';
import { clientKeys, reportKeys } from './query-keys';
import { refreshQueries } from './refresh-queries';

/**
 * POST clients/import with a clients file (CSV text). A dry run changes nothing; a real import refreshes every
 * clients query and the reports (new clients, rounds and plans).
 */
export function useImportClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ csv, isDryRun }: { csv: string; isDryRun: boolean }) =>
      unwrapData(
        await requestApi('clients/import', {
          method: 'POST',
          query: { dry_run: isDryRun ? 'true' : 'false' },
          body: csv,
          bodyType: 'text/csv',
          schema: clientImportResultSchema,
        }),
      ),
    onSuccess: (result) =>
      result.dry_run ? undefined : refreshQueries(queryClient, [clientKeys.all, reportKeys.all]),
  });
}

/** The account's clients as a CSV file (GET clients/export.csv), in the import's columns. */
export function fetchClientsExport(): Promise<Blob> {
  return fetchApiBlob('/api/clients/export.csv');
}
