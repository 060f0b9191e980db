import { Box, Group, NavLink, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type TabPageProps = {
  /** The page's heading, which also names its side menu. */
  title: string;
  tabs: readonly { key: string; label: string; path: string }[];
  /** The tab shown, which may be one the menu does not list (a home tab). */
  current: { key: string; label: string };
  children: ReactNode;
};

/** A screen of tabs (Reports, Settings): its heading, a side menu of links, and the tab shown beside it. */
export function TabPage({ title, tabs, current, children }: TabPageProps) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Box component="nav" aria-label={title} w={220} style={{ flexShrink: 0 }}>
          {tabs.map((item) => (
            <NavLink
              key={item.key}
              component={Link}
              to={item.path}
              label={item.label}
              active={item.key === current.key}
              // The light variant (teal on pale teal) falls just short of AA contrast.
              variant="filled"
              aria-current={item.key === current.key ? 'page' : undefined}
            />
          ))}
        </Box>
        {/* minWidth 0 lets a wide tab (a report's day grid) scroll inside instead of pushing the menu away. */}
        <Box component="section" style={{ flexGrow: 1, minWidth: 0 }} aria-label={current.label}>
          {children}
        </Box>
      </Group>
    </Stack>
  );
}
