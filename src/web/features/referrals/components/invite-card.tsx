import { Copy, Users } from 'lucide-react';
import { REFERRAL_PAID_WHEN, REFERRAL_REWARD } from '../../../../contract/constants';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { toast } from '../../../lib/toast';

/** The user's own sign-up link; they earn when a friend who used it proves to be a real person. */
export function InviteCard({ referralCode }: { referralCode: string }) {
  const link = `${window.location.origin}${paths.register}?ref=${encodeURIComponent(referralCode)}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied');
    } catch {
      toast.error('Copy the link by hand: your browser did not allow it');
    }
  }
  return (
    <Card className="p-5">
      <div className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
          <Users aria-hidden className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold">Invite friends</h2>
          <p className="text-sm text-slate-600">
            You get {REFERRAL_REWARD} entries for a friend who joins with your link, once your friend{' '}
            {REFERRAL_PAID_WHEN}.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <input
              readOnly
              aria-label="Your invite link"
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
            />
            <Button variant="secondary" onClick={copy}>
              <Copy aria-hidden className="h-4 w-4" /> Copy link
            </Button>
          </div>
        </div>
      </div>
    </Card>
  );
}
