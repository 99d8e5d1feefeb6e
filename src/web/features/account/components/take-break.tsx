import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { BreakPeriod } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { TakeBreakModal } from './take-break-modal';

const BREAK_CHOICES: ReadonlyArray<{ value: BreakPeriod; label: string }> = [
  { value: '1m', label: '1 month' },
  { value: '3m', label: '3 months' },
  { value: '6m', label: '6 months' },
  { value: 'permanent', label: 'Permanently' },
];

const link = 'font-semibold text-brand-700 underline';

/** Self-exclusion: what a break means, a choice of how long, and a confirmation before it starts. */
export function TakeBreak() {
  const [confirming, setConfirming] = useState<BreakPeriod | null>(null);
  const { register, handleSubmit } = useForm<{ period: BreakPeriod }>({ defaultValues: { period: '1m' } });
  return (
    <div className="space-y-4 p-5 text-sm text-slate-700">
      <p>Need time away from prize draws? A break starts straight away and, until it ends:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>you are signed out everywhere and cannot sign in (a permanent break never ends);</li>
        <li>entries you have already made stay in their draws;</li>
        <li>we send you no marketing email;</li>
        <li>
          if you have a complaint, you can still send it through our{' '}
          <Link to={paths.contact} className={link}>
            Contact page
          </Link>
          , and we handle it as our{' '}
          <Link to={paths.terms} className={link}>
            Terms
          </Link>{' '}
          say.
        </li>
      </ul>
      <form onSubmit={handleSubmit(({ period }) => setConfirming(period))} className="space-y-4">
        <fieldset>
          <legend className="mb-2 font-medium text-slate-800">How long?</legend>
          <div className="grid grid-cols-2 gap-2">
            {BREAK_CHOICES.map((c) => (
              <label
                key={c.value}
                className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2.5 font-medium text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600/40"
              >
                <input
                  type="radio"
                  value={c.value}
                  className="h-4 w-4 accent-brand-700"
                  {...register('period')}
                />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit">Take a break</Button>
      </form>
      {confirming && <TakeBreakModal period={confirming} onClose={() => setConfirming(null)} />}
    </div>
  );
}
