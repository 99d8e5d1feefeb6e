import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { pounds } from '../../../lib/format';
import { usePayoutProviders } from '../api/get-providers';

const NAMES = { paypal: 'PayPal Payouts', tremendous: 'Tremendous gift cards', manual: 'By hand' } as const;

/** Settings: who pays out, and what a provider that is off still needs (DESIGN §17). */
export function PayoutProvidersCard() {
  const providers = usePayoutProviders();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-bold">Payouts</h2>
      {providers.isPending ? (
        <Spinner label="Loading the payout providers..." />
      ) : providers.isError ? (
        <LoadError what="The payout providers" className="mt-4 text-sm" />
      ) : (
        <ul className="mt-3 space-y-3 text-sm" aria-label="Payout providers">
          {providers.data.providers.map((p) => (
            <li key={p.name}>
              <p className="font-semibold text-slate-900">
                {NAMES[p.name]}{' '}
                <span
                  className={`ml-1 rounded-full px-2 py-0.5 text-xs font-bold ${p.on ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
                >
                  {p.on ? 'On' : 'Off'}
                </span>
              </p>
              <p className="text-slate-700">{p.note}</p>
              {p.balance !== null && (
                <p className={p.low ? 'font-semibold text-red-800' : 'text-slate-700'}>
                  Balance {pounds(p.balance)}
                  {p.low && ': low. Add funds before payouts through it fail.'}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
