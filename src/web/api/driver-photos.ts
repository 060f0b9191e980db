import { useQuery } from '@tanstack/react-query';
import { fetchApiBlob } from '../lib/api-client';
import { driverPhotoKeys } from './query-keys';

/** A driver's photo (`/api/driver_photos/{id}`) as a Blob, fetched with the bearer token: it is never public. */
export function useDriverPhoto(path: string) {
  return useQuery({
    queryKey: driverPhotoKeys.photo(path),
    queryFn: ({ signal }) => fetchApiBlob(path, signal),
    // A photo never changes: a new outcome brings a new photo id.
    staleTime: Infinity,
  });
}
