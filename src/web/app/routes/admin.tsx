import { useState } from 'react';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { AdminStats } from '../../features/admin/components/admin-stats';
import { Outbox } from '../../features/admin/components/outbox';
import { TestEmailCard } from '../../features/admin/components/test-email-card';
import { WithdrawalsManager } from '../../features/cash/components/withdrawals-manager';
import { MessagesInbox } from '../../features/contact/components/messages-inbox';
import { DrawCheckCard } from '../../features/prizes/components/draw-check-card';
import { DrawWinners } from '../../features/prizes/components/draw-winners';
import { PrizeManager } from '../../features/prizes/components/prize-manager';
import { TaskManager } from '../../features/tasks/components/task-manager';
import { WheelOddsCard } from '../../features/wheel/components/wheel-odds-card';
import { AllWinners } from '../../features/wins/components/all-winners';

const tabs = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'draw', label: 'Draw Winners' },
  { value: 'winners', label: 'All Winners' },
  { value: 'tasks', label: 'Tasks' },
  { value: 'messages', label: 'Messages' },
  { value: 'withdrawals', label: 'Withdrawals' },
  { value: 'settings', label: 'Settings' },
] as const;

function AdminDashboard() {
  return (
    <div className="space-y-8">
      <AdminStats />
      <PrizeManager />
    </div>
  );
}

function AdminSettings() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <TestEmailCard />
      <DrawCheckCard />
      <WheelOddsCard />
      <Outbox />
    </div>
  );
}

/** The panel composes each feature's own admin part; the server checks every admin call itself. */
const panels = {
  dashboard: AdminDashboard,
  draw: DrawWinners,
  winners: AllWinners,
  tasks: TaskManager,
  messages: MessagesInbox,
  withdrawals: WithdrawalsManager,
  settings: AdminSettings,
};

export function AdminPage() {
  const [tab, setTab] = useState<(typeof tabs)[number]['value']>('dashboard');
  const Panel = panels[tab];
  return (
    <>
      <PageHeader title="Admin Panel" subtitle="Run the draws and look after the winners." />
      <Container>
        <Tabs tabs={tabs} value={tab} onChange={setTab} label="Admin sections">
          <Panel />
        </Tabs>
      </Container>
    </>
  );
}
