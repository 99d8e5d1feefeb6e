import { useSearchParams } from 'react-router';
import { roleCan, type StaffPermission } from '../../../contract/staff';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Tabs } from '../../components/ui/tabs';
import { AdminStats } from '../../features/admin/components/admin-stats';
import { MailBanner, MailHealthCard } from '../../features/admin/components/mail-health';
import { Outbox } from '../../features/admin/components/outbox';
import { TestEmailCard } from '../../features/admin/components/test-email-card';
import { AnalyticsCharts } from '../../features/analytics/components/analytics-charts';
import { ApprovalsList } from '../../features/approvals/components/approvals-list';
import { AuditLog } from '../../features/audit/components/audit-log';
import { WithdrawalsManager } from '../../features/cash/components/withdrawals-manager';
import { MessagesInbox } from '../../features/contact/components/messages-inbox';
import { MemberSearch } from '../../features/members/components/member-search';
import { MissingCreditQueue } from '../../features/offers/components/missing-credit-queue';
import { WallEarnings } from '../../features/offers/components/wall-earnings';
import { WallManager } from '../../features/offers/components/wall-manager';
import { PayoutProvidersCard } from '../../features/payouts/components/payout-providers-card';
import { DrawCheckCard } from '../../features/prizes/components/draw-check-card';
import { DrawWinners } from '../../features/prizes/components/draw-winners';
import { PrizeManager } from '../../features/prizes/components/prize-manager';
import { ReviewTab } from '../../features/risk/components/review-list';
import { StaffManager } from '../../features/staff/components/staff-manager';
import { AppealsList } from '../../features/standing/components/appeals-list';
import { TaskManager } from '../../features/tasks/components/task-manager';
import { WellbeingList } from '../../features/wellbeing/components/wellbeing-list';
import { WheelOddsCard } from '../../features/wheel/components/wheel-odds-card';
import { AllWinners } from '../../features/wins/components/all-winners';
import { useSession } from '../../lib/session/session';

/** Each tab and the permissions its parts need (contract/staff.ts): a role sees the tabs it can use. */
const tabs = [
  { value: 'dashboard', label: 'Dashboard', needs: ['reports', 'prizes', 'tasks'] },
  { value: 'users', label: 'Users', needs: ['members'] },
  { value: 'review', label: 'Review', needs: ['members'] },
  { value: 'draw', label: 'Draw Winners', needs: ['prizes'] },
  { value: 'winners', label: 'All Winners', needs: ['prizes'] },
  { value: 'tasks', label: 'Tasks', needs: ['tasks'] },
  { value: 'offerwalls', label: 'Offer Walls', needs: ['tasks'] },
  { value: 'messages', label: 'Messages', needs: ['messages'] },
  { value: 'withdrawals', label: 'Withdrawals', needs: ['payouts'] },
  // Those who decide, and those who ask: a change of theirs waits here too.
  {
    value: 'approvals',
    label: 'Approvals',
    needs: ['approvals', 'corrections', 'odds', 'payouts', 'prizes'],
  },
  { value: 'audit', label: 'Audit', needs: ['reports'] },
  { value: 'settings', label: 'Settings', needs: ['settings', 'prizes', 'odds', 'payouts'] },
  { value: 'staff', label: 'Staff', needs: ['staff'] },
] as const satisfies ReadonlyArray<{ value: string; label: string; needs: readonly StaffPermission[] }>;
type Tab = (typeof tabs)[number]['value'];

/** Whether the signed-in staff member's role holds `permission`. */
function useCan() {
  const { user } = useSession();
  return (permission: StaffPermission) => roleCan(user?.role, permission);
}

function AdminDashboard() {
  const can = useCan();
  return (
    <div className="space-y-8">
      {can('reports') && <AdminStats />}
      {can('reports') && <AnalyticsCharts />}
      {can('tasks') && <WallEarnings />}
      {can('prizes') && <PrizeManager />}
    </div>
  );
}

function AdminSettings() {
  const can = useCan();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {can('settings') && <MailHealthCard />}
      {can('settings') && <TestEmailCard />}
      {can('payouts') && <PayoutProvidersCard />}
      {can('prizes') && <DrawCheckCard />}
      {can('odds') && <WheelOddsCard />}
      {can('settings') && <Outbox />}
    </div>
  );
}

/** The panel composes each feature's own admin part; the server checks every admin call itself. */
const panels: Record<Tab, () => React.ReactNode> = {
  dashboard: AdminDashboard,
  users: MemberSearch,
  review: () => (
    <>
      <AppealsList />
      <MissingCreditQueue />
      <WellbeingList />
      <ReviewTab />
    </>
  ),
  draw: DrawWinners,
  winners: AllWinners,
  tasks: TaskManager,
  offerwalls: WallManager,
  messages: MessagesInbox,
  withdrawals: WithdrawalsManager,
  approvals: ApprovalsList,
  audit: AuditLog,
  settings: AdminSettings,
  staff: StaffManager,
};

export function AdminPage() {
  // The tab is in the address, so going back from a member's page returns to it.
  const [params, setParams] = useSearchParams();
  const can = useCan();
  const open = tabs.filter((t) => t.needs.some(can));
  const tab = (open.find((t) => t.value === params.get('tab')) ?? open[0])?.value ?? 'dashboard';
  const setTab = (next: Tab) => setParams(next === 'dashboard' ? {} : { tab: next }, { replace: true });
  const Panel = panels[tab];
  return (
    <>
      <PageHeader title="Admin Panel" subtitle="Run the draws and look after the winners." />
      <Container>
        <MailBanner enabled={can('settings')} />
        <Tabs tabs={open} value={tab} onChange={setTab} label="Admin sections">
          <Panel />
        </Tabs>
      </Container>
    </>
  );
}
