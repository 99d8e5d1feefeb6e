import { BadgeCheck, Gift, ListChecks, PoundSterling, Trophy, Users } from 'lucide-react';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { StatCard } from '../../../components/ui/stat-card';
import { count, pounds } from '../../../lib/format';
import { useAdminStats } from '../api/get-admin-stats';

export function AdminStats() {
  const { data, isPending, isError } = useAdminStats();
  if (isPending) return <Spinner label="Loading statistics..." />;
  if (isError) return <LoadError what="The statistics" />;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard icon={Users} label="Total users" value={count(data.totalUsers)} />
      <StatCard icon={Gift} label="Total prizes" value={data.totalPrizes} />
      <StatCard icon={BadgeCheck} label="Active prizes" value={data.activePrizes} />
      <StatCard icon={Trophy} label="Drawn prizes" value={data.drawnPrizes} />
      <StatCard icon={PoundSterling} label="Total prize value" value={pounds(data.totalPrizeValue)} />
      <StatCard icon={ListChecks} label="Total tasks" value={data.totalTasks} />
    </div>
  );
}
