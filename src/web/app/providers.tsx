import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { ErrorCode } from '../../contracts/envelope';
import { NotificationsOnDemand } from './notifications-on-demand';
import { cssVariablesResolver, theme } from './theme';

/** Only network and parse failures are worth one retry; the server's own answers will not change by asking again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiError && error.code === ErrorCode.unexpected;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

type ProvidersProps = {
  children: ReactNode;
  queryClient: QueryClient;
  /** 'test' turns off transitions and portals so component tests see modals inline. */
  env?: 'default' | 'test';
};

export function Providers({ children, queryClient, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
