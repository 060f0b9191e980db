import { Text } from '@mantine/core';

/** Login, forgot and confirm refuse to run for a visitor who is logged in. */
export function AlreadyLoggedIn() {
  return <Text>You are already logged in.</Text>;
}
