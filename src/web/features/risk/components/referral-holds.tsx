import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { REFERRAL_REWARD } from '../../../../contract/constants';
import {
  type ReferralHold,
  type RefuseReferralBody,
  refuseReferralBody,
} from '../../../../contract/referral-holds';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { count, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useDecideReferralHold } from '../api/decide-referral-hold';
import { useReferralHolds } from '../api/get-referral-holds';

/**
 * Referrals held because the friend signed up or in from the referrer's own
 * address or device: each paid or refused here. Shown only when there are some.
 */
export function ReferralHolds() {
  const query = useReferralHolds();
  return (
    <PagedList
      query={query}
      rows={rowsOf(query.data, 'holds')}
      loading="Loading held referrals..."
      failed="The held referrals"
      more="held referrals"
      boxed="mb-6"
      around={(list) => (
        <section aria-labelledby="referral-holds-heading" className="mb-8">
          <h3 id="referral-holds-heading" className="mb-3 text-lg font-bold">
            Referrals held for review
          </h3>
          {list}
        </section>
      )}
    >
      {(holds) => (
        <ol className="space-y-3">
          {holds.map((hold) => (
            <li key={hold.friend._id}>
              <HeldReferral hold={hold} />
            </li>
          ))}
        </ol>
      )}
    </PagedList>
  );
}

function HeldReferral({ hold }: { hold: ReferralHold }) {
  const decide = useDecideReferralHold();
  const [refusing, setRefusing] = useState(false);
  const [paying, setPaying] = useState(false);
  const send = submitWithToast(decide.mutateAsync, {
    success: (r) => r.message,
    error: 'The referral could not be decided',
  });
  const { register, handleSubmit, formState } = useForm<RefuseReferralBody>({
    resolver: zodResolver(refuseReferralBody),
  });
  const refuse = handleSubmit((body) => send({ friendId: hold.friend._id, ...body }));
  const member = (m: ReferralHold['friend']) => (
    <Link to={paths.adminMember(m._id)} className="font-bold break-words text-brand-800 underline">
      {m.username}
    </Link>
  );
  return (
    <Card className="p-5">
      <p className="break-words">
        {member(hold.referrer)} referred {member(hold.friend)}, who shares {hold.shared} with them.
      </p>
      <p className="mb-3 text-sm text-slate-600">Held {ukDateTime(hold.heldAt)}</p>
      <div className="flex flex-wrap gap-2">
        <Button aria-expanded={paying} onClick={() => setPaying(!paying)}>
          Pay referral
        </Button>
        <Button variant="secondary" aria-expanded={refusing} onClick={() => setRefusing(!refusing)}>
          Refuse
        </Button>
      </div>
      {paying && (
        <fieldset className="mt-3 space-y-3 rounded-xl bg-slate-50 p-4">
          <legend className="font-semibold text-slate-900">Confirm the payment</legend>
          <p className="text-sm text-slate-800">
            {hold.referrer.username}: +{REFERRAL_REWARD} entries, balance {count(hold.referrer.entries)} →{' '}
            {count(hold.referrer.entries + REFERRAL_REWARD)}, for inviting {hold.friend.username}, who shares{' '}
            {hold.shared} with them.
          </p>
          <Button disabled={decide.isPending} onClick={() => void send({ friendId: hold.friend._id })}>
            Confirm payment
          </Button>
        </fieldset>
      )}
      {refusing && (
        <form className="mt-3 space-y-3" onSubmit={refuse} noValidate>
          <TextField
            label="Reason"
            required
            error={formState.errors.reason?.message}
            {...register('reason')}
          />
          <Button type="submit" variant="danger" disabled={decide.isPending}>
            Refuse referral
          </Button>
        </form>
      )}
    </Card>
  );
}
