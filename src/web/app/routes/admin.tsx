import { useState } from 'react';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { AdminSettings } from '../../features/admin/components/admin-settings';
import { AdminStats } from '../../features/admin/components/admin-stats';
import { AllWinners } from '../../features/admin/components/all-winners';
import { DrawWinners } from '../../features/admin/components/draw-winners';
import { PrizeManager } from '../../features/admin/components/prize-manager';

const tabs = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'draw', label: 'Draw Winners' },
  { value: 'winners', label: 'All Winners' },
  { value: 'settings', label: 'Settings' },
] as const;

function AdminDashboard() {
  return (
    <>
      <AdminStats />
      <PrizeManager />
    </>
  );
}

const panels = { dashboard: AdminDashboard, draw: DrawWinners, winners: AllWinners, settings: AdminSettings };

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
