import { BarChart3, Mail, Trophy, Users } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';

const tabs = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'draw', label: 'Draw Winners' },
  { value: 'winners', label: 'All Winners' },
  { value: 'settings', label: 'Settings' },
] as const;

const panels = {
  dashboard: { icon: BarChart3, title: 'No statistics yet', text: 'Site statistics will show here.' },
  draw: {
    icon: Trophy,
    title: 'No prizes ready to draw',
    text: 'Prizes appear here once their closing date has passed.',
  },
  winners: { icon: Users, title: 'No winners yet', text: 'Every winner drawn will be listed here.' },
  settings: { icon: Mail, title: 'No settings yet', text: 'Email and draw settings will show here.' },
};

export function AdminPage() {
  const [tab, setTab] = useState<(typeof tabs)[number]['value']>('dashboard');
  const panel = panels[tab];
  return (
    <>
      <PageHeader title="Admin Panel" subtitle="Run the draws and look after the winners." />
      <Container>
        <Tabs tabs={tabs} value={tab} onChange={setTab} label="Admin sections">
          <Card>
            <EmptyState icon={panel.icon} title={panel.title}>
              {panel.text}
            </EmptyState>
          </Card>
        </Tabs>
      </Container>
    </>
  );
}
