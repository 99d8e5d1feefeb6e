import { Gift, ListChecks, Ticket, TicketCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { DASHBOARD_ENTRIES, DASHBOARD_WINS } from '../../../contract/gamification-rules';
import { ButtonLink } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { Container, PageHeader } from '../../components/ui/page-header';
import { StatCard } from '../../components/ui/stat-card';
import { paths } from '../../config/paths';
import { CashCard } from '../../features/cash/components/cash-card';
import { useDashboard } from '../../features/dashboard/api/get-dashboard';
import { RecentActivity } from '../../features/dashboard/components/recent-activity';
import { useMyEntries } from '../../features/entries/api/get-my-entries';
import { EntryList } from '../../features/entries/components/entry-list';
import { useCountedVisit } from '../../features/gamification/api/update-streak';
import { AchievementsGrid } from '../../features/gamification/components/achievements-grid';
import { Leaderboard } from '../../features/gamification/components/leaderboard';
import { StreakLevelCard } from '../../features/gamification/components/streak-level-card';
import { InviteCard } from '../../features/referrals/components/invite-card';
import { SpinWheel } from '../../features/wheel/components/spin-wheel';
import { useMyWins } from '../../features/wins/api/get-my-wins';
import { WinList } from '../../features/wins/components/win-list';
import { count } from '../../lib/format';
import { rowsOf } from '../../lib/paged';
import { useSession } from '../../lib/session/session';

export function DashboardPage() {
  const { user } = useSession();
  const entries = useMyEntries();
  const wins = useMyWins();
  const visit = useCountedVisit();
  const dashboard = useDashboard({ ready: visit.settled });
  if (!user) return null;
  const stats = dashboard.data?.stats;
  const shown = (n: number | undefined) => (n === undefined ? '…' : count(n));
  return (
    <>
      <PageHeader title={`Hi, ${user.username}`} subtitle="Here’s how your entries are doing.">
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={paths.tasks} variant="gold">
            Earn more entries
          </ButtonLink>
          <ButtonLink to={paths.prizes} className="bg-white/10 hover:bg-white/20">
            Browse prizes
          </ButtonLink>
        </div>
      </PageHeader>
      <Container className="space-y-8">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <StreakLevelCard bonus={visit.bonusAwarded} />
          <SpinWheel />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <StatCard
            icon={Ticket}
            label="Total entries"
            value={shown(stats?.totalEntries ?? user.totalEntries)}
            hint="Earned since you joined"
          />
          <StatCard
            icon={TicketCheck}
            label="Available entries"
            value={shown(user.availableEntries)}
            hint="Yours to spend on prizes"
          />
          <StatCard
            icon={Gift}
            label="Active prize entries"
            value={shown(stats?.activePrizeEntries)}
            hint="In prizes still open"
          />
          <StatCard icon={ListChecks} label="Tasks completed" value={shown(stats?.tasksCompleted)} />
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <SectionCard title="Your wins" action={<LinkTo to={paths.wins}>View all</LinkTo>}>
            <WinList
              wins={wins.data}
              isPending={wins.isPending}
              isError={wins.isError}
              limit={DASHBOARD_WINS}
            />
          </SectionCard>
          <SectionCard title="Your prize entries" action={<LinkTo to={paths.entries}>View all</LinkTo>}>
            <EntryList
              entries={rowsOf(entries.data, 'entries')}
              isPending={entries.isPending}
              isError={entries.isError}
              limit={DASHBOARD_ENTRIES}
            />
          </SectionCard>
          <SectionCard title="Recent activity">
            <RecentActivity
              items={dashboard.data?.recentActivity}
              isPending={dashboard.isPending}
              isError={dashboard.isError}
            />
          </SectionCard>
          <SectionCard title="Cash">
            <CashCard />
          </SectionCard>
        </div>
        <SectionCard title="Achievements">
          <AchievementsGrid />
        </SectionCard>
        <SectionCard title="Leaderboard">
          <Leaderboard />
        </SectionCard>
        <InviteCard referralCode={user.referralCode} />
      </Container>
    </>
  );
}

function LinkTo({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink to={to} variant="ghost" size="sm">
      {children}
    </ButtonLink>
  );
}
