import { LoadError } from '../../../components/ui/load-error';
import { usePromoter } from '../api/get-promoter';

const MISSING = 'Missing: not yet set by the site’s operator';

/** The promoter's legal name and postal address as configured, and plainly missing until they are. */
export function PromoterDetails() {
  const promoter = usePromoter();
  if (promoter.isPending) return <p aria-busy="true">Loading the promoter’s details...</p>;
  if (promoter.isError) return <LoadError what="The promoter’s details" className="" />;
  const { name, address } = promoter.data;
  return (
    <ul data-testid="promoter">
      <li>
        Legal name: <strong>{name ?? MISSING}</strong>
      </li>
      <li>
        Postal address: <strong>{address ?? MISSING}</strong>
      </li>
    </ul>
  );
}
