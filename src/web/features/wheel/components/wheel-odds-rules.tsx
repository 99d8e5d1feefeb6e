import { LoadError } from '../../../components/ui/load-error';
import { percent } from '../../../lib/format';
import { useWheelConfig } from '../api/get-wheel-config';

/** The wheel's prizes and the chance of each, as set now, for the Contest Rules. */
export function WheelOddsRules() {
  const config = useWheelConfig();
  if (config.isPending) return <p aria-busy="true">Loading the wheel’s odds...</p>;
  if (config.isError) return <LoadError what="The wheel’s odds" className="" />;
  return (
    <ul data-testid="wheel-odds-rules">
      {config.data.map((p) => (
        <li key={p.id}>
          {p.name}: {percent(p.probability)} of spins
        </li>
      ))}
    </ul>
  );
}
