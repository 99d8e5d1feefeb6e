import { Hourglass } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useDrawCheck } from '../../features/prizes/api/get-draw-proof';
import { DrawEntries } from '../../features/prizes/components/draw-entries';
import { DrawVerdict } from '../../features/prizes/components/draw-verdict';
import { PlacesPassedOn } from '../../features/prizes/components/places-passed-on';
import { errorText } from '../../lib/api-client';
import { ukDateTime } from '../../lib/format';

function Value({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 break-all rounded-lg bg-slate-100 p-2 font-mono text-xs text-slate-800">{value}</dd>
    </div>
  );
}

export function DrawVerificationPage() {
  const { id = '' } = useParams();
  const { proof: proofQuery, check, progress } = useDrawCheck(id);
  const proof = proofQuery.data;
  const error = proofQuery.error ?? check.error;
  // Built once per proof, not on each tick of the progress bar.
  const names = useMemo(() => new Map(proof?.participants.map((p) => [p._id, p.username])), [proof]);

  if (!proof || error) {
    return (
      <>
        {/* The subtitle's line is held while the proof loads, so the page below does not move when it comes. */}
        <PageHeader title="Verify a draw" subtitle={'\u00a0'} />
        {proofQuery.isPending ? (
          // A screen tall, so the footer is out of sight already and does not jump down when the proof comes.
          <div className="min-h-dvh">
            <Spinner label="Loading the draw's proof..." />
          </div>
        ) : (
          <Container className="max-w-3xl">
            <Card>
              <EmptyState
                icon={Hourglass}
                title={errorText(error, 'This draw could not be loaded')}
                action={<ButtonLink to={paths.prizes}>See the prizes</ButtonLink>}
              >
                Once a prize is drawn, its secret is published here so anyone can check the winners.
              </EmptyState>
            </Card>
          </Container>
        )}
      </>
    );
  }

  const result = check.data;
  return (
    <>
      <PageHeader
        title="Verify a draw"
        subtitle={`${proof.prize.title}, drawn ${ukDateTime(proof.prize.drawnAt)}`}
      />
      <Container className="max-w-4xl space-y-6">
        <DrawVerdict proof={proof} result={result} progress={progress} />

        <Card className="p-6">
          <h2 className="text-lg font-bold">Winners</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-6">
            {proof.winners.map((w) => (
              <li key={w}>{names.get(w) ?? w}</li>
            ))}
          </ol>
          {proof.replacements.length > 0 && (
            <PlacesPassedOn proof={proof} names={names} checked={result?.replacements} />
          )}
        </Card>

        <Card className="space-y-4 p-6">
          <h2 className="text-lg font-bold">The published proof</h2>
          <dl className="space-y-3">
            <Value
              label="Commitment (SHA-256 of the seed, published when the prize opened)"
              value={proof.commitment}
            />
            <Value label="Seed (revealed after the draw)" value={proof.seed} />
            <Value label="Snapshot hash (SHA-256 of the list of entries below)" value={proof.snapshotHash} />
            {proof.beacon && (
              <>
                <Value
                  label={`Public randomness: round ${proof.beacon.round} of ${result ? (result.beacon?.network ?? 'a network this page does not know') : proof.beacon.network}`}
                  value={proof.beacon.randomness}
                />
                <Value label="The round’s signature" value={proof.beacon.signature} />
                <Value label="The network’s public key" value={proof.beacon.publicKey} />
              </>
            )}
          </dl>
          <p className="text-sm text-slate-700">
            Method: {proof.algorithm}. Read more in the{' '}
            <Link to={paths.contestRules} className="font-medium text-brand-700 underline">
              Contest Rules
            </Link>
            .
          </p>
        </Card>

        <DrawEntries participants={proof.participants} />
      </Container>
    </>
  );
}
