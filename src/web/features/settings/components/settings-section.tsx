import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A titled section of a settings tab, named by its heading for screen readers. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Stack component="section" gap="md" aria-labelledby={titleId}>
      <Title order={3} id={titleId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
