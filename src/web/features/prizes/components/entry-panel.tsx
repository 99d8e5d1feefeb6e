import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Prize } from '../../../../contract/prizes';
import { isOpen } from '../../../../shared/prize-rules';
import { Button } from '../../../components/ui/button';
import { loginWithNext } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { count, entriesLabel, ukDateTime } from '../../../lib/format';
import { isPlayer, useSession } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useEnterPrize } from '../api/enter-prize';

const stepper =
  'flex h-11 w-11 items-center justify-center rounded-xl border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

/** The quantity control and Enter button; visitors get Login to Enter instead. */
export function EntryPanel({
  prize,
  userEntries,
}: {
  prize: Prize;
  /** The member's entries in the prize; undefined while they load (useMyPrizeEntries). */
  userEntries: number | undefined;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [quantity, setQuantity] = useState(1);
  const enter = useEnterPrize(prize._id);

  const now = new Date();
  if (!isOpen(prize, now)) {
    const upcoming = prize.status === 'active' && new Date(prize.startDate) > now;
    return (
      <p className="rounded-xl bg-slate-100 p-4 text-center font-medium text-slate-700">
        {upcoming
          ? `This prize opens for entries on ${ukDateTime(prize.startDate)}.`
          : 'This prize is closed for entries.'}
      </p>
    );
  }

  const goToLogin = () => {
    toast.error('Please login to enter');
    navigate(loginWithNext(location.pathname));
  };
  if (!user) {
    return (
      <Button size="lg" className="w-full" onClick={goToLogin}>
        Login to Enter
      </Button>
    );
  }

  if (!isPlayer(user))
    return (
      <p className="rounded-xl bg-slate-100 p-4 text-center font-medium text-slate-700">
        Staff cannot enter prizes.
      </p>
    );

  // Until the member's own entries are known, neither is the room the cap leaves: the panel keeps
  // its shape, with nothing to press yet.
  const checking = userEntries === undefined;
  const room = prize.maxEntriesPerUser - (userEntries ?? 0);
  if (room <= 0) {
    return (
      <p className="rounded-xl bg-emerald-50 p-4 text-center font-medium text-emerald-800">
        You hold the most entries allowed in this prize. Good luck!
      </p>
    );
  }
  // The plus control stops at what the cap and the balance allow (DESIGN §3); the minus control at 1.
  const max = Math.max(1, Math.min(room, Math.floor(user.availableEntries / prize.entryCost)));
  const cost = quantity * prize.entryCost;

  async function submit() {
    if (!user) return goToLogin();
    if (user.availableEntries < cost) {
      toast.error('Insufficient entries');
      return;
    }
    try {
      const result = await enter.mutateAsync(quantity);
      toast.success(result.message);
      setQuantity(1);
    } catch (err) {
      // A session that ran out since the page loaded: same as a visitor.
      if (err instanceof ApiError && err.status === 401) return goToLogin();
      toast.error(errorText(err, 'Failed to enter'));
    }
  }

  return (
    <div className="space-y-4">
      <fieldset className="flex items-center justify-between gap-4">
        <legend className="float-left font-semibold text-slate-900">Entries to use</legend>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={stepper}
            aria-label="One fewer entry"
            disabled={checking || quantity <= 1}
            onClick={() => setQuantity((q) => Math.max(1, q - 1))}
          >
            <Minus aria-hidden className="h-5 w-5" />
          </button>
          <output
            aria-live="polite"
            className="w-12 text-center text-2xl font-extrabold"
            data-testid="quantity"
          >
            {quantity}
          </output>
          <button
            type="button"
            className={stepper}
            aria-label="One more entry"
            disabled={checking || quantity >= max}
            onClick={() => setQuantity((q) => Math.min(max, q + 1))}
          >
            <Plus aria-hidden className="h-5 w-5" />
          </button>
        </div>
      </fieldset>
      {/* One unit throughout: how many go into the draw, and what they take from the balance. */}
      <p className="font-medium text-slate-900" data-testid="entry-total">
        {entriesLabel(quantity)} into this draw {quantity === 1 ? 'costs' : 'cost'} {count(cost)} of your
        entries
      </p>
      <p className="text-sm text-slate-600">
        Costs {entriesLabel(cost)} of your {entriesLabel(user.availableEntries)}.{' '}
        {checking ? 'Checking how many more you can add…' : `You can add up to ${room} more to this prize.`}
      </p>
      <Button
        size="lg"
        variant="gold"
        className="w-full"
        disabled={checking || enter.isPending}
        onClick={submit}
      >
        {checking
          ? 'Checking your entries...'
          : enter.isPending
            ? 'Entering...'
            : `Enter with ${entriesLabel(quantity)}`}
      </Button>
    </div>
  );
}
