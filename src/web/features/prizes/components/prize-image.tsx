import { Banknote, Gamepad2, Gift, type LucideIcon, Smartphone } from 'lucide-react';
import type { Prize } from '../../../../contract/prizes';

const looks: Record<string, { icon: LucideIcon; className: string }> = {
  cash: { icon: Banknote, className: 'from-emerald-500 to-emerald-700' },
  giftcard: { icon: Gift, className: 'from-amber-400 to-orange-600' },
  gift_card: { icon: Gift, className: 'from-amber-400 to-orange-600' },
  electronics: { icon: Smartphone, className: 'from-sky-500 to-indigo-700' },
  physical: { icon: Gamepad2, className: 'from-brand-500 to-brand-800' },
};

/** The prize's photo, or a coloured placeholder by type when it has none. */
export function PrizeImage({
  prize,
  className = '',
}: {
  prize: Pick<Prize, 'imageUrl' | 'type' | 'title'>;
  className?: string;
}) {
  if (prize.imageUrl) {
    return (
      <img src={prize.imageUrl} alt={prize.title} className={`object-cover ${className}`} loading="lazy" />
    );
  }
  const look = looks[prize.type] ?? looks.physical!;
  const Icon = look.icon;
  return (
    <div className={`flex items-center justify-center bg-gradient-to-br ${look.className} ${className}`}>
      <Icon aria-hidden className="h-16 w-16 text-white/90" strokeWidth={1.5} />
    </div>
  );
}
