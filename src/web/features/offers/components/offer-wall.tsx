import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { OFFER_CREDIT_HOURS } from '../../../../contract/constants';
import type { MemberWall } from '../../../../contract/offer-walls';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { count } from '../../../lib/format';
import { useWalls } from '../api/get-walls';
import { MissingCreditReport } from './missing-credit';

const FRAME_HEIGHT = 800;

/** One provider's wall for this member, with what they have earned on it. */
function Wall({ wall }: { wall: MemberWall }) {
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <Card className="p-4">
          <p className="text-sm text-slate-600">Offers completed</p>
          <p className="text-2xl font-extrabold">{count(wall.stats.completedOffers)}</p>
        </Card>
        <Card className="p-4">
          <p className="text-sm text-slate-600">Entries earned</p>
          <p className="text-2xl font-extrabold">{count(wall.stats.totalEarned)}</p>
        </Card>
      </div>
      <p className="text-sm text-slate-600">
        Entries from offers are credited within {OFFER_CREDIT_HOURS} hours.
      </p>
      <Card className="overflow-hidden">
        {/* The provider's page runs its own scripts, forms and offer pop-ups, but cannot reach this page or steer it away. */}
        <iframe
          title={`${wall.name} offers`}
          src={wall.url}
          height={FRAME_HEIGHT}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="no-referrer"
          className="block w-full border-0"
        />
      </Card>
    </div>
  );
}

/** The offer walls: one tab for each the site runs, or a plain word that there are none yet. */
export function OfferWall() {
  const { data, isPending, isError } = useWalls();
  const [chosen, setChosen] = useState<string | null>(null);
  if (isPending) return <Spinner label="Loading offers..." />;
  if (isError)
    return (
      <Card>
        <LoadError what="The offer wall" />
      </Card>
    );
  if (!data.length)
    return (
      <Card>
        <EmptyState icon={Wallet} title="The offer wall is not available yet">
          Offers from our partners will appear here once a provider is connected. Entries from offers are
          credited within {OFFER_CREDIT_HOURS} hours.
        </EmptyState>
      </Card>
    );
  const wall = data.find((w) => w._id === chosen) ?? data[0]!;
  return (
    <div className="space-y-6">
      {data.length === 1 ? (
        <Wall wall={wall} />
      ) : (
        <Tabs
          tabs={data.map((w) => ({ value: w._id, label: w.name }))}
          value={wall._id}
          onChange={setChosen}
          label="Offer walls"
          variant="pills"
        >
          <Wall key={wall._id} wall={wall} />
        </Tabs>
      )}
      <MissingCreditReport walls={data} />
    </div>
  );
}
