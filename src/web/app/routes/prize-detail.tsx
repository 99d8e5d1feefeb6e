import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Container } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useMyPrizeEntries } from '../../features/prizes/api/get-my-entries';
import { usePrize } from '../../features/prizes/api/get-prize';
import { EntryPanel } from '../../features/prizes/components/entry-panel';
import { PrizeImage } from '../../features/prizes/components/prize-image';
import { PrizeInfoGrid } from '../../features/prizes/components/prize-info-grid';
import { YourChance } from '../../features/prizes/components/your-chance';
import { count, pounds, ukDateTime } from '../../lib/format';
import { useSession } from '../../lib/session/session';
import { toast } from '../../lib/toast';

export function PrizeDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: prize, isPending, isError } = usePrize(id);
  const userEntries = useMyPrizeEntries(id);
  const { user } = useSession();
  // Visitors see their 0 and how to earn entries; staff never enter (DESIGN §12) and see neither.
  const plays = !user?.isAdmin;

  useEffect(() => {
    if (prize === null) {
      toast.error('Prize not found');
      navigate(paths.prizes, { replace: true });
    }
  }, [prize, navigate]);

  if (isError)
    return (
      <Container>
        <Card>
          <LoadError what="This prize" />
        </Card>
      </Container>
    );
  if (isPending || !prize) return <Spinner label="Loading prize..." />;

  return (
    <Container>
      <Link
        to={paths.prizes}
        className="mb-6 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> All prizes
      </Link>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="overflow-hidden">
          <PrizeImage prize={prize} className="aspect-[4/3] w-full" />
        </Card>
        <div className="space-y-6">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{prize.title}</h1>
            <p className="mt-2 text-3xl font-black text-brand-800">{pounds(prize.value)}</p>
            <p className="mt-3 text-slate-700">{prize.description}</p>
            {plays && (
              <p
                className="mt-3 inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800"
                aria-busy={userEntries === undefined}
              >
                Your entries: {userEntries === undefined ? '…' : count(userEntries)}
              </p>
            )}
          </div>
          {prize.cancellation && (
            <div
              role="status"
              className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
            >
              <h2 className="font-semibold">
                This prize was cancelled on {ukDateTime(prize.cancellation.at)}
              </h2>
              <p className="mt-1 break-words">{prize.cancellation.reason}</p>
              <p className="mt-1">Everyone who entered got their entries back.</p>
            </div>
          )}
          <YourChance prize={prize} userEntries={userEntries} />
          <Card className="space-y-4 p-5">
            <EntryPanel prize={prize} userEntries={userEntries} />
            {plays && (
              <p className="text-center text-sm text-slate-600">
                Need more entries?{' '}
                <Link to={paths.tasks} className="font-semibold text-brand-700 underline">
                  Complete tasks
                </Link>
              </p>
            )}
          </Card>
        </div>
      </div>
      <section className="mt-8 space-y-4">
        <h2 className="text-xl font-bold">Prize details</h2>
        <PrizeInfoGrid prize={prize} />
        {prize.status === 'drawn' && (
          <ButtonLink to={paths.draw(prize._id)} variant="secondary">
            <ShieldCheck aria-hidden className="h-4 w-4" /> Check this draw
          </ButtonLink>
        )}
        {prize.commitment && (
          <Card className="flex gap-3 p-5">
            <ShieldCheck aria-hidden className="h-6 w-6 shrink-0 text-emerald-700" />
            <div className="min-w-0 text-sm text-slate-700">
              <h3 className="font-semibold text-slate-900">Fair draw commitment</h3>
              <p className="mt-1">
                This code locks in the secret behind the draw before anyone enters. After the draw the secret
                is published, so anyone can check the winners.
              </p>
              <code className="mt-2 block break-all rounded-lg bg-slate-100 p-2 font-mono text-xs text-slate-800">
                {prize.commitment}
              </code>
              {prize.beaconRound && (
                <p className="mt-3 break-words" data-testid="beacon-round">
                  The winners also depend on public randomness nobody can know in advance: round{' '}
                  <strong>{count(prize.beaconRound.round)}</strong> of {prize.beaconRound.network}, published
                  just after entries close.
                </p>
              )}
              {prize.snapshotHash && (
                <>
                  <p className="mt-3">
                    Entries are closed. This fingerprint of everyone’s entries was published then, before the
                    draw; the proof lists each person by a draw ID that only they are shown.
                  </p>
                  <code className="mt-2 block break-all rounded-lg bg-slate-100 p-2 font-mono text-xs text-slate-800">
                    {prize.snapshotHash}
                  </code>
                </>
              )}
            </div>
          </Card>
        )}
      </section>
    </Container>
  );
}
