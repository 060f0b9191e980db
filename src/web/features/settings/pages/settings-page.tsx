import { Navigate, useParams } from 'react-router';
import { TabPage } from '../../../components/tab-page';
import { isAdminLevel } from '../../../../domain/access-level';
import { useSession } from '../../../lib/session-store';
import { SourceTab } from '../components/source-tab';
import { MealsTab } from '../components/meals-tab';
import { MessagesTab } from '../components/messages-tab';
import { RoundsTab } from '../components/rounds-tab';
import { PlanningTab } from '../components/planning-tab';
import { UsersTab } from '../components/users-tab';
import { WelfareTab } from '../components/welfare-tab';
import {
  buildSettingsPath,
  listVisibleSettingsTabs,
  resolveSettingsTab,
  type SettingsTab,
} from '../settings-tabs';

export function SettingsPage() {
  const { tab: requestedTab } = useParams();
  const { user, account } = useSession();
  const isAdmin = isAdminLevel(user?.access_level ?? '');
  const tab = resolveSettingsTab(requestedTab, isAdmin);

  // '/settings/', an unknown tab, or an admin tab opened by a normal user: go to the first tab they can see.
  if (tab.key !== requestedTab) return <Navigate to={buildSettingsPath(tab.key)} replace />;

  const menu = listVisibleSettingsTabs(isAdmin).map((item) => ({
    ...item,
    path: buildSettingsPath(item.key),
  }));
  return (
    <TabPage title="Settings" tabs={menu} current={tab}>
      <SettingsTabContent
        tab={tab}
        currentUsername={user?.username ?? ''}
        accountId={account?.id}
        isAdmin={isAdmin}
      />
    </TabPage>
  );
}

type SettingsTabContentProps = {
  tab: SettingsTab;
  currentUsername: string;
  accountId: number | undefined;
  isAdmin: boolean;
};

function SettingsTabContent({ tab, currentUsername, accountId, isAdmin }: SettingsTabContentProps) {
  switch (tab.key) {
    case 'users':
      return <UsersTab currentUsername={currentUsername} />;
    case 'integrations':
      return <SourceTab accountId={accountId} />;
    case 'messages':
      return <MessagesTab />;
    case 'meals':
      return <MealsTab accountId={accountId} />;
    case 'routes':
      return <PlanningTab accountId={accountId} />;
    case 'rounds':
      return <RoundsTab accountId={accountId} isAdmin={isAdmin} />;
    case 'welfare':
      return <WelfareTab />;
  }
}
