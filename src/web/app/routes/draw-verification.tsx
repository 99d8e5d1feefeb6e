import { CircleAlert, CircleCheck, CircleX, Hourglass } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Card, ScrollCard } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Container, PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useDrawCheck } from '../../features/prizes/api/get-draw-proof';
import { errorText } from '../../lib/api-client';
import { entriesLabel, ukDateTime } from '../../lib/format';

function Check({ ok, label }: { ok: boolean; label: string }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <li className="flex items-center gap-2">
      <Icon aria-hidden className={`h-5 w-5 ${ok ? 'text-emerald-700' : 'text-red-700'}`} />
      <span>
        {label}: <strong>{ok ? 'yes' : 'no'}</strong>
      </span>
    </li>
  );
}

const VERDICTS = {
  verified: {
    title: 'Verified',
    Icon: CircleCheck,
    card: 'border-emerald-300 bg-emerald-50',
    icon: 'text-emerald-700',
  },
  'unknown-network': {
    title: 'Recomputed, from an unknown beacon',
    Icon: CircleAlert,
    card: 'border-amber-300 bg-amber-50',
    icon: 'text-amber-700',
  },
  mismatch: {
    title: 'Does not match',
    Icon: CircleX,
    card: 'border-red-300 bg-red-50',
    icon: 'text-red-700',
  },
} as const;

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
  const { data, isPending, error } = useDrawCheck(id);

  if (isPending) {
    return (
      <>
        <PageHeader title="Verify a draw" />
        <Spinner label="Checking the draw..." />
      </>
    );
  }
  if (!data) {
    return (
      <>
        <PageHeader title="Verify a draw" />
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
      </>
    );
  }

  const { proof, result } = data;
  const { beacon } = proof;
  const checked = result.beacon;
  const { verdict } = result;
  const VerdictIcon = VERDICTS[verdict].Icon;
  const names = new Map(proof.participants.map((p) => [p._id, p.username]));
  return (
    <>
      <PageHeader
        title="Verify a draw"
        subtitle={`${proof.prize.title}, drawn ${ukDateTime(proof.prize.drawnAt)}`}
      />
      <Container className="max-w-4xl space-y-6">
        <Card className={`p-6 ${VERDICTS[verdict].card}`}>
          <p className="flex items-center gap-3 text-2xl font-extrabold" data-testid="verdict">
            <VerdictIcon aria-hidden className={`h-8 w-8 ${VERDICTS[verdict].icon}`} />{' '}
            {VERDICTS[verdict].title}
          </p>
          <p className="mt-2 text-slate-700">
            Your browser recomputed this draw from the published seed
            {beacon ? ', the public randomness' : ''} and list of entries{' '}
            {verdict === 'mismatch'
              ? 'and the result differs from what was published.'
              : 'and got the same winners.'}
          </p>
          <ul className="mt-4 space-y-1 text-sm">
            <Check
              ok={result.commitmentMatches}
              label="The seed matches the commitment published before the draw"
            />
            <Check
              ok={result.snapshotMatches}
              label="The list of entries matches its published fingerprint"
            />
            {beacon && checked && (
              <>
                <Check
                  ok={checked.network !== null}
                  label={`The randomness comes from ${checked.network ?? 'a network'} whose public key this page knows`}
                />
                <Check
                  ok={checked.signatureMatches}
                  label={`Round ${beacon.round} is signed with that public key`}
                />
                <Check
                  ok={checked.randomnessMatches}
                  label="The randomness is the SHA-256 of that signature"
                />
                {checked.network && (
                  <Check
                    ok={checked.roundAfterSnapshot}
                    label={`Round ${beacon.round} came out after the entries were frozen (${ukDateTime(proof.snapshotAt)})`}
                  />
                )}
              </>
            )}
            <Check ok={result.winnersMatch} label="Recomputing gives the published winners, in order" />
          </ul>
          <p className="mt-4 text-sm text-slate-700" data-testid="trust">
            {!beacon
              ? 'This draw relies on our commitment alone: the seed was fixed, and its fingerprint published, before anyone entered, so it could not be changed afterwards. It used no public randomness, so you are trusting that we did not look ahead at the result while entries were open.'
              : checked?.network
                ? `The winners depend on the seed and on public randomness from round ${beacon.round} of ${checked.network}, published only after the entries were frozen. Nobody, us included, could know the result while entries were open.`
                : 'The winners depend on public randomness from a network this page does not know, so it cannot tell who held that network’s key or when the randomness came out.'}
          </p>
        </Card>

        <Card className="p-6">
          <h2 className="text-lg font-bold">Winners</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-6">
            {proof.winners.map((w) => (
              <li key={w}>{names.get(w) ?? w}</li>
            ))}
          </ol>
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
                  label={`Public randomness: round ${proof.beacon.round} of ${checked?.network ?? 'a network this page does not know'}`}
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

        <ScrollCard label="Entries at the draw">
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-4 text-left text-lg font-bold">Entries when entries closed</caption>
            <thead className="border-b border-slate-200 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Entrant
                </th>
                <th scope="col" className="px-4 py-2">
                  Draw ID
                </th>
                <th scope="col" className="px-4 py-2 text-right">
                  Entries
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {proof.participants.map((p) => (
                <tr key={p._id}>
                  <td className="px-4 py-2">{p.username}</td>
                  <td className="px-4 py-2 font-mono text-xs text-slate-600">{p._id}</td>
                  <td className="px-4 py-2 text-right">{entriesLabel(p.entries)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollCard>
      </Container>
    </>
  );
}
