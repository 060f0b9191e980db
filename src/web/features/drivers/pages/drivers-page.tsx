import { Stack, Tabs, Title } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import { DriversList } from '../components/drivers-list';
import { RosterBoard } from '../components/roster-board';

const tabs = [
  { key: 'list', label: 'Drivers', path: '/drivers/' },
  { key: 'roster', label: 'Roster', path: '/drivers/roster' },
] as const;

/** Drivers: the people who drive (list, add, edit, deactivate) and, on the Roster tab, who drives when. */
export function DriversPage() {
  const { tab: requested } = useParams();
  const navigate = useNavigate();
  const tab = requested === 'roster' ? 'roster' : 'list';
  if (requested !== undefined && requested !== 'roster') return <Navigate to="/drivers/" replace />;
  return (
    <Stack gap="md">
      <Title order={1}>Drivers</Title>
      <Tabs
        value={tab}
        onChange={(value) => void navigate(tabs.find((item) => item.key === value)?.path ?? '/drivers/')}
      >
        <Tabs.List>
          {tabs.map((item) => (
            <Tabs.Tab key={item.key} value={item.key}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="list" pt="md">
          {tab === 'list' && <DriversList />}
        </Tabs.Panel>
        <Tabs.Panel value="roster" pt="md">
          {tab === 'roster' && <RosterBoard />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
