import { useSearchParams } from 'react-router';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { AdminStats } from '../../features/admin/components/admin-stats';
import { Outbox } from '../../features/admin/components/outbox';
import { TestEmailCard } from '../../features/admin/components/test-email-card';
import { AnalyticsCharts } from '../../features/analytics/components/analytics-charts';
import { AuditLog } from '../../features/audit/components/audit-log';
import { WithdrawalsManager } from '../../features/cash/components/withdrawals-manager';
import { MessagesInbox } from '../../features/contact/components/messages-inbox';
import { MemberSearch } from '../../features/members/components/member-search';
import { WallEarnings } from '../../features/offers/components/wall-earnings';
import { WallManager } from '../../features/offers/components/wall-manager';
import { DrawCheckCard } from '../../features/prizes/components/draw-check-card';
import { DrawWinners } from '../../features/prizes/components/draw-winners';
import { PrizeManager } from '../../features/prizes/components/prize-manager';
import { ReviewTab } from '../../features/risk/components/review-list';
import { TaskManager } from '../../features/tasks/components/task-manager';
import { WheelOddsCard } from '../../features/wheel/components/wheel-odds-card';
import { AllWinners } from '../../features/wins/components/all-winners';

const tabs = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'users', label: 'Users' },
  { value: 'review', label: 'Review' },
  { value: 'draw', label: 'Draw Winners' },
  { value: 'winners', label: 'All Winners' },
  { value: 'tasks', label: 'Tasks' },
  { value: 'offerwalls', label: 'Offer Walls' },
  { value: 'messages', label: 'Messages' },
  { value: 'withdrawals', label: 'Withdrawals' },
  { value: 'audit', label: 'Audit' },
  { value: 'settings', label: 'Settings' },
] as const;
type Tab = (typeof tabs)[number]['value'];

function AdminDashboard() {
  return (
    <div className="space-y-8">
      <AdminStats />
      <AnalyticsCharts />
      <WallEarnings />
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
const panels: Record<Tab, () => React.ReactNode> = {
  dashboard: AdminDashboard,
  users: MemberSearch,
  review: ReviewTab,
  draw: DrawWinners,
  winners: AllWinners,
  tasks: TaskManager,
  offerwalls: WallManager,
  messages: MessagesInbox,
  withdrawals: WithdrawalsManager,
  audit: AuditLog,
  settings: AdminSettings,
};

export function AdminPage() {
  // The tab is in the address, so going back from a member's page returns to it.
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t.value === params.get('tab'))?.value ?? 'dashboard';
  const setTab = (next: Tab) => setParams(next === 'dashboard' ? {} : { tab: next }, { replace: true });
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
