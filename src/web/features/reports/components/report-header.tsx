import { Box, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type ReportHeaderProps = {
  title: string;
  /** The date form (with its filters). */
  filters: ReactNode;
  /** Print and Download CSV. */
  actions: ReactNode;
};

/** A report's title, then its filters on the left and its print and CSV actions on the right. */
export function ReportHeader({ title, filters, actions }: ReportHeaderProps) {
  return (
    <Stack gap="sm">
      <Title order={2}>{title}</Title>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        {filters}
        {/* Level with the Show button. */}
        <Box mt={46} style={{ flexShrink: 0 }}>
          {actions}
        </Box>
      </Group>
    </Stack>
  );
}
