import { Clock, Gift, MessageSquare, Trophy } from 'lucide-react';
import type { EarnedSource } from '../../../../contract/operator-rules';
import { WITHDRAWAL_STATUS_LABELS } from '../../../../contract/payouts';
import type { TransparencySummary } from '../../../../contract/transparency';
import { Card, ScrollCard } from '../../../components/ui/card';
import { StatCard } from '../../../components/ui/stat-card';
import { Table } from '../../../components/ui/table';
import { SOURCE_TEXT } from '../../../lib/earned-sources';
import { count, counted, percent, pounds, ukDateTime } from '../../../lib/format';

/** A figure kept to a tenth, as the log states days: 9.5, 1,250. */
const tenth = (n: number) => (n < 1000 ? String(+n.toFixed(1)) : count(n));
const days = (n: number | null) => (n === null ? 'None yet' : `${tenth(n)} ${n === 1 ? 'day' : 'days'}`);

/** A titled part of the figures; a table in it is the region a screen reader names. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-bold">{title}</h3>
      {children}
    </div>
  );
}

/** What was drawn and reached its winners, how fast, and what members asked of us. */
function Headline({ summary }: { summary: TransparencySummary }) {
  const { prizes, delivery, complaints } = summary;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        icon={Trophy}
        label="Prizes drawn"
        value={count(prizes.drawn)}
        hint={`${counted(prizes.places, 'winner', 'winners')} advertised`}
      />
      <StatCard
        icon={Gift}
        label="Value awarded"
        value={pounds(prizes.awardedPounds)}
        hint={`of ${pounds(prizes.advertisedPounds)} advertised; ${pounds(prizes.awaitingPounds)} waiting to be claimed`}
      />
      <StatCard
        icon={Clock}
        label="Draw to payment or delivery"
        value={delivery.medianDays === null ? 'None yet' : `${days(delivery.medianDays)} median`}
        hint={
          delivery.count
            ? `longest ${days(delivery.worstDays)}, over ${counted(delivery.count, 'prize', 'prizes')}`
            : 'no prize paid or delivered yet'
        }
      />
      <StatCard
        icon={MessageSquare}
        label="Complaints and questions"
        value={count(complaints.received)}
        hint={
          complaints.medianDaysToReply === null
            ? 'none answered yet'
            : `${count(complaints.answered)} answered; median first reply ${days(complaints.medianDaysToReply)}`
        }
      />
    </div>
  );
}

/** Payouts, cash out and cash prizes, by state. */
function Payouts({ payouts }: { payouts: TransparencySummary['payouts'] }) {
  return (
    <ScrollCard label="Payouts by state">
      <Table
        rows={payouts}
        rowKey={(p) => p.status}
        columns={[
          { header: 'State', rowHeader: true, cell: (p) => WITHDRAWAL_STATUS_LABELS[p.status] },
          { header: 'Payouts', align: 'right', cell: (p) => count(p.count) },
          { header: 'Value', align: 'right', cell: (p) => pounds(p.pounds) },
        ]}
      />
    </ScrollCard>
  );
}

/** Where the entries came from, each source as a share of all earned. */
function Sources({ sources }: { sources: TransparencySummary['entrySources'] }) {
  if (sources.length === 0) return <Card className="p-5 text-slate-600">No entries earned yet.</Card>;
  return (
    <Card className="p-5">
      <ul className="space-y-3">
        {sources.map((s) => (
          <li key={s.source}>
            <div className="flex justify-between text-sm">
              <span className="font-medium">{SOURCE_TEXT[s.source as EarnedSource] ?? s.source}</span>
              <span className="text-slate-700">
                {percent(s.share)} ({count(s.entries)})
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden>
              <div className="h-2 rounded-full bg-brand-600" style={{ width: `${s.share * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Each open prize's entries and the odds of one entry winning. */
function OpenPrizes({ prizes }: { prizes: TransparencySummary['openPrizes'] }) {
  if (prizes.length === 0) return <Card className="p-5 text-slate-600">No prize is open right now.</Card>;
  return (
    <ScrollCard label="Open prizes and their odds">
      <Table
        rows={prizes}
        rowKey={(p) => p._id}
        columns={[
          { header: 'Prize', rowHeader: true, cell: (p) => p.title },
          { header: 'Entries', align: 'right', cell: (p) => count(p.entries) },
          { header: 'Winners', align: 'right', cell: (p) => count(p.winners) },
          {
            header: 'Odds per entry',
            align: 'right',
            cell: (p) => (p.oneIn === null ? 'No entries yet' : `1 in ${tenth(p.oneIn)}`),
          },
          { header: 'Closes', cell: (p) => ukDateTime(p.closes) },
        ]}
      />
    </ScrollCard>
  );
}

/** The page's live figures, from GET /api/transparency/summary. */
export function TransparencyFigures({ summary }: { summary: TransparencySummary }) {
  return (
    <div className="space-y-10">
      <Headline summary={summary} />
      <div className="grid gap-10 lg:grid-cols-2">
        <Section title="Payouts by state">
          <Payouts payouts={summary.payouts} />
        </Section>
        <Section title="Where entries come from">
          <Sources sources={summary.entrySources} />
        </Section>
      </div>
      <Section title="Open prizes and their odds">
        <OpenPrizes prizes={summary.openPrizes} />
      </Section>
    </div>
  );
}
