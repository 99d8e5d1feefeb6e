import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Scale, ShieldAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { APPEAL_MAX, type AppealBody, appealBody, type Standing } from '../../../../contract/standing';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextAreaField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ukDateTime } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useAppeal, useStanding } from '../api/standing';

const HEADINGS = {
  held: 'Your cashouts are on hold',
  suspended: 'Your account is suspended',
} as const;

/** What the member says to appeal the decision they stand under: once per decision. */
function AppealForm() {
  const appeal = useAppeal();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AppealBody>({ resolver: zodResolver(appealBody) });
  const submit = handleSubmit(
    submitWithToast(appeal.mutateAsync, {
      success: 'Appeal sent. A person will look at it and tell you what they decide.',
      error: 'Failed to send your appeal',
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">
        Think this is wrong? Tell us why, and anything we should know (up to {APPEAL_MAX} characters). You can
        appeal once for this decision, and a person, not a program, decides.
      </p>
      <TextAreaField label="Your appeal" error={errors.message?.message} {...register('message')} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send my appeal'}
      </Button>
    </form>
  );
}

function AppealState({ appeal }: { appeal: NonNullable<Standing['appeal']> }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800" data-testid="appeal">
      <p className="font-semibold">
        {appeal.status === 'open'
          ? `You appealed on ${ukDateTime(appeal.at)}. A person is looking at it.`
          : appeal.status === 'upheld'
            ? `Your appeal was not upheld (${ukDateTime(appeal.decidedAt!)}).`
            : `Your appeal succeeded (${ukDateTime(appeal.decidedAt!)}).`}
      </p>
      {appeal.reply && <p className="mt-1">{appeal.reply}</p>}
    </div>
  );
}

/** Where the member stands (DESIGN §19): why, since when, when a person will look, and their appeal. */
export function StandingCard() {
  const standing = useStanding();
  if (standing.isPending) return <Spinner label="Loading your standing..." />;
  if (standing.isError) return <LoadError what="Your standing" />;
  const s = standing.data;
  if (s.status === 'ok')
    return (
      <Card className="flex items-start gap-3 p-5">
        <CircleCheck aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-emerald-700" />
        <div>
          <h2 className="font-bold">Your account is in good standing</h2>
          <p className="text-sm text-slate-700">Nothing is held, and there is nothing to appeal.</p>
        </div>
      </Card>
    );
  return (
    <Card className="space-y-4 p-5">
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
        <div>
          <h2 className="font-bold">{HEADINGS[s.status]}</h2>
          <p className="text-slate-800">Why: {s.category}</p>
        </div>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Since</dt>
          <dd className="font-semibold">{ukDateTime(s.since!)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">A person will have looked by</dt>
          <dd className="font-semibold">{ukDateTime(s.reviewBy!)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Ends</dt>
          <dd className="font-semibold">{s.until ? ukDateTime(s.until) : 'When lifted'}</dd>
        </div>
      </dl>
      <div className="border-t border-slate-100 pt-4">
        <h3 className="mb-2 flex items-center gap-2 font-semibold">
          <Scale aria-hidden className="h-4 w-4" /> Appeal
        </h3>
        {s.appeal ? <AppealState appeal={s.appeal} /> : <AppealForm />}
      </div>
    </Card>
  );
}
