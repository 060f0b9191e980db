import { useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '../../contracts/public-config';
import { apiGet, unwrapData } from '../lib/api-client';
import { publicConfigKeys } from './query-keys';

async function fetchPublicConfig(): Promise<PublicConfig> {
  return unwrapData(await apiGet('config', undefined, { schema: publicConfigSchema }));
}

/** They change only with a server restart, so they are fetched once. */
const publicConfigQuery = { queryKey: publicConfigKeys.all, queryFn: fetchPublicConfig, staleTime: Infinity };

/** Footer and about-page settings. */
export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/** The map tile URL template ('' = no tiles: maps draw on a plain ground), from the same cached answer. */
export function useMapTileUrl() {
  return useQuery({ ...publicConfigQuery, select: (config) => config.map_tile_url });
}
