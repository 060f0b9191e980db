import { Text } from '@mantine/core';

/**
 * What an app screen opened straight from the address bar shows while its code loads (React Router's
 * HydrateFallback): the layout around it is already there.
 */
export function ScreenLoading() {
  return <Text role="status">Loading...</Text>;
}
