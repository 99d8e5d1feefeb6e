import { Wallet } from 'lucide-react';
import { OFFER_CREDIT_HOURS } from '../../../../contract/constants';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { count } from '../../../lib/format';
import { useOfferStats } from '../api/get-offer-stats';
import { useOfferWall } from '../api/get-offer-wall';

const FRAME_HEIGHT = 800;

/** The provider's offer wall for this user, with what they have earned from it. */
export function OfferWall() {
  const wall = useOfferWall();
  const stats = useOfferStats();
  if (wall.isPending) return <Spinner label="Loading offers..." />;
  if (wall.isError)
    return (
      <Card>
        <LoadError what="The offer wall" />
      </Card>
    );
  if (!wall.data) {
    return (
      <Card>
        <EmptyState icon={Wallet} title="The offer wall is not available yet">
          Offers from our partners will appear here once a provider is connected. Entries from offers are
          credited within {OFFER_CREDIT_HOURS} hours.
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Card className="p-4">
          <p className="text-sm text-slate-600">Offers completed</p>
          <p className="text-2xl font-extrabold">{stats.data?.completedOffers ?? '…'}</p>
        </Card>
        <Card className="p-4">
          <p className="text-sm text-slate-600">Entries earned</p>
          <p className="text-2xl font-extrabold">{stats.data ? count(stats.data.totalEarned) : '…'}</p>
        </Card>
      </div>
      <p className="text-sm text-slate-600">
        Entries from offers are credited within {OFFER_CREDIT_HOURS} hours.
      </p>
      <Card className="overflow-hidden">
        {/* The provider's page runs its own scripts, forms and offer pop-ups, but cannot reach this page or steer it away. */}
        <iframe
          title="Offer wall"
          src={wall.data}
          height={FRAME_HEIGHT}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          className="block w-full border-0"
        />
      </Card>
    </div>
  );
}
