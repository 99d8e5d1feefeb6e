import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type SelfExclusionBody, selfExclusionBody } from '../../../../contract/account';
import type { SelfExclusionMonths } from '../../../../contract/constants';
import type { CurrentUser } from '../../../../contract/users';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ukLongDate } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useSelfExclude } from '../api/self-exclude';
import { NoPasswordNote } from './no-password-note';

const LENGTHS: Record<SelfExclusionMonths, string> = { 6: '6 months', 12: '1 year', 60: '5 years' };

/** The body as the form holds it: the length chosen by a radio, as text. */
const form = selfExclusionBody.extend({ months: z.coerce.number().pipe(selfExclusionBody.shape.months) });
type Values = z.input<typeof form>;

/** Whether a self-exclusion holds now, and until when. */
export const excludedUntil = (user: Pick<CurrentUser, 'selfExcludedUntil'>, now = new Date()) =>
  user.selfExcludedUntil && new Date(user.selfExcludedUntil) > now ? user.selfExcludedUntil : null;

/** The last word before a self-exclusion starts: it cannot be ended early. */
function ConfirmExclusion({ asked, onClose }: { asked: SelfExclusionBody; onClose(): void }) {
  const titleId = useId();
  const selfExclude = useSelfExclude();
  const send = submitWithToast(selfExclude.mutateAsync, {
    success: (r) => r.message,
    error: 'Failed to start your self-exclusion',
  });
  // Closed either way: refused (a mistyped password, say), the form is there to put it right.
  const confirm = (body: SelfExclusionBody) => send(body).finally(onClose);
  const length = LENGTHS[asked.months as SelfExclusionMonths];
  return (
    <Modal labelledBy={titleId} onClose={onClose} canClose={!selfExclude.isPending} className="max-w-md">
      <h2 id={titleId} className="text-lg font-bold">
        Exclude yourself for {length}?
      </h2>
      <p className="mt-3 text-sm text-slate-700">
        For {length} you cannot enter prize draws, spin the wheel or earn entries, and it cannot be ended
        early, by you or by us.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button disabled={selfExclude.isPending} onClick={() => void confirm(asked)}>
          {selfExclude.isPending ? 'Starting...' : `Exclude me for ${length}`}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={selfExclude.isPending}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}

/** Self-exclusion (DESIGN §19): longer than a break, and the member stays signed in to their account. */
export function SelfExclusion({ user }: { user: CurrentUser }) {
  const [asked, setAsked] = useState<SelfExclusionBody | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, SelfExclusionBody>({
    resolver: zodResolver(form),
    defaultValues: { months: '6' },
  });
  const until = excludedUntil(user);
  if (until)
    return (
      <p className="p-5 text-sm text-slate-700" data-testid="self-excluded">
        You have excluded yourself from playing until <strong>{ukLongDate(until)}</strong>. Until then you
        cannot enter, spin or earn entries, and we send you no marketing. It cannot be ended early.
      </p>
    );
  return (
    <div className="space-y-4 p-5 text-sm text-slate-700">
      <p>
        If you want to stop for longer, exclude yourself for 6 months, a year or 5 years. You stay able to
        sign in, see your account and any prize you have won, and download your data, but until it ends:
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>you cannot enter prize draws, spin the wheel or earn entries;</li>
        <li>we send you no marketing email or push notifications;</li>
        <li>it cannot be ended early.</li>
      </ul>
      {user.hasPassword ? (
        <form onSubmit={handleSubmit((values) => setAsked(values))} noValidate className="space-y-4">
          <fieldset>
            <legend className="mb-2 font-medium text-slate-800">How long?</legend>
            <div className="grid grid-cols-3 gap-2">
              {Object.entries(LENGTHS).map(([months, label]) => (
                <label
                  key={months}
                  className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 py-2.5 font-medium text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600/40"
                >
                  <input
                    type="radio"
                    value={months}
                    className="h-4 w-4 accent-brand-700"
                    {...register('months')}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <TextField
            label="Your password, to confirm"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit">Exclude me</Button>
        </form>
      ) : (
        <NoPasswordNote purpose="selfExclusion" />
      )}
      {asked && <ConfirmExclusion asked={asked} onClose={() => setAsked(null)} />}
    </div>
  );
}
