import { Gift } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  ADS_PER_SPIN,
  MIN_WITHDRAWAL_PENCE,
  SPIN_ANIMATION_MS,
} from '../../../../contract/gamification-rules';
import { penceToPounds } from '../../../../contract/money';
import type { SpinResponse, WheelConfig } from '../../../../contract/wheel';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Modal } from '../../../components/ui/modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { counted, pounds } from '../../../lib/format';
import { useSession } from '../../../lib/session/session';
import { useCanSpin } from '../api/get-can-spin';
import { useWheelConfig } from '../api/get-wheel-config';
import { useSpin } from '../api/spin';
import { WHEEL_COLOURS, WheelOdds } from './wheel-odds';
import { sliceAngles } from './wheel-slices';

const R = 100;
/** A slice narrower than this has no room for its name, which the odds beside the wheel give. */
const LABEL_MIN_DEG = 24;

function Wheel({ prizes, rotation }: { prizes: WheelConfig; rotation: number }) {
  const point = (deg: number, r = R) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${R + r * Math.cos(rad)},${R + r * Math.sin(rad)}`;
  };
  const slices = sliceAngles(prizes);
  return (
    <div className="relative mx-auto h-60 w-60">
      <span
        aria-hidden
        className="absolute -top-1 left-1/2 z-10 h-0 w-0 -translate-x-1/2 border-x-[12px] border-t-[20px] border-x-transparent border-t-slate-900"
      />
      <svg
        viewBox={`0 0 ${2 * R} ${2 * R}`}
        className="h-full w-full rounded-full shadow-lg transition-transform ease-[cubic-bezier(0.17,0.67,0.12,0.99)] motion-reduce:transition-none"
        style={{ transform: `rotate(${rotation}deg)`, transitionDuration: `${SPIN_ANIMATION_MS}ms` }}
        aria-hidden
      >
        {prizes.map((p, i) => {
          const { start, width } = slices[i]!;
          if (width === 0) return null;
          const colour = WHEEL_COLOURS[i % WHEEL_COLOURS.length]!;
          return (
            <g key={p.id}>
              {width >= 360 ? (
                <circle cx={R} cy={R} r={R} fill={colour.fill} />
              ) : (
                <path
                  d={`M${R},${R} L${point(start)} A${R},${R} 0 ${width > 180 ? 1 : 0} 1 ${point(start + width)} Z`}
                  fill={colour.fill}
                  stroke="#fff"
                  strokeWidth="2"
                />
              )}
              {width >= LABEL_MIN_DEG && (
                <text
                  x={R}
                  y={R - R * 0.62}
                  transform={`rotate(${start + width / 2} ${R} ${R})`}
                  textAnchor="middle"
                  fontSize="13"
                  fontWeight="700"
                  fill={colour.text}
                >
                  {p.name}
                </text>
              )}
            </g>
          );
        })}
        <circle cx={R} cy={R} r="14" fill="#fff" stroke="#e2e8f0" strokeWidth="2" />
      </svg>
    </div>
  );
}

/** The turn that brings the won slice's middle under the pointer, after five full turns. */
function landingRotation(from: number, prizes: WheelConfig, prizeId: string) {
  const slice = sliceAngles(prizes).find((s) => s.id === prizeId);
  const centre = slice ? slice.start + slice.width / 2 : 0;
  return Math.ceil(from / 360) * 360 + 5 * 360 + (360 - centre);
}

function ResultDialog({ result, onClose }: { result: SpinResponse; onClose(): void }) {
  return (
    <Modal labelledBy="spin-result-title" onClose={onClose} className="max-w-sm text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-gold-400/25 text-brand-800">
        <Gift aria-hidden className="h-7 w-7" />
      </span>
      <h2 id="spin-result-title" className="mt-3 text-2xl font-extrabold text-slate-900">
        You won {result.prize.name}!
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {result.prize.type === 'cash'
          ? `It is in your cash balance, ready to withdraw from ${pounds(penceToPounds(MIN_WITHDRAWAL_PENCE))}.`
          : 'They are in your entries, ready to spend on a prize draw.'}
      </p>
      <Button className="mt-5 w-full" onClick={onClose}>
        Great!
      </Button>
    </Modal>
  );
}

/** The instant-win wheel: unlocked by watching ads, spun by the server, shown turning for 4 seconds. */
export function SpinWheel() {
  const config = useWheelConfig();
  const state = useCanSpin();
  const spin = useSpin();
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinResponse | null>(null);
  const { patchUser } = useSession();
  const stopping = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(stopping.current), []);

  async function go() {
    if (!config.data) return;
    setSpinning(true);
    let won: SpinResponse;
    try {
      won = await spin.mutateAsync();
    } catch (err) {
      setSpinning(false);
      window.alert(errorText(err, 'Error spinning wheel'));
      return;
    }
    setRotation((r) => landingRotation(r, config.data, won.prize.prizeId));
    stopping.current = setTimeout(() => {
      setSpinning(false);
      setResult(won);
      patchUser({ availableEntries: won.newBalance.entries, cashBalance: won.newBalance.cash });
    }, SPIN_ANIMATION_MS);
  }

  const s = state.data;
  return (
    <Card className="flex h-full flex-col items-center gap-4 p-6 text-center" data-testid="spin-wheel">
      <div>
        <h2 className="text-lg font-bold text-slate-900">Instant-win wheel</h2>
        <p className="text-sm text-slate-600">Every {ADS_PER_SPIN} video ads you watch unlock a spin.</p>
      </div>
      {config.isPending ? (
        <Spinner label="Loading the wheel..." />
      ) : config.isError ? (
        <LoadError what="The wheel" className="py-10" />
      ) : (
        <>
          <Wheel prizes={config.data} rotation={rotation} />
          <WheelOdds prizes={config.data} />
        </>
      )}
      {!s ? (
        state.isError && <LoadError what="Your spins" className="text-sm" />
      ) : s.canSpin || spinning ? (
        <Button
          variant="gold"
          size="lg"
          className="w-full max-w-xs"
          onClick={go}
          disabled={spinning || !config.data}
        >
          {spinning ? 'Spinning...' : 'Spin the Wheel'}
        </Button>
      ) : s.spinsAvailable > 0 && s.nextSpinAt ? (
        <p className="rounded-xl bg-slate-100 px-4 py-3 text-sm font-medium text-slate-700">
          One spin an hour: your next spin is at{' '}
          {new Date(s.nextSpinAt).toLocaleTimeString('en-GB', {
            hour: '2-digit',
            minute: '2-digit',
            timeZone: 'Europe/London',
          })}
          .
        </p>
      ) : (
        <div className="w-full max-w-xs space-y-2">
          <ButtonLink to={paths.tasks} variant="secondary" size="lg" className="w-full">
            Watch {ADS_PER_SPIN} Ads to Spin
          </ButtonLink>
          <ProgressBar
            label="Ads watched towards your next spin"
            value={ADS_PER_SPIN - s.adsUntilNextSpin}
            max={ADS_PER_SPIN}
          />
          <p className="text-xs text-slate-600">
            {ADS_PER_SPIN - s.adsUntilNextSpin} of {ADS_PER_SPIN} ads watched
          </p>
        </div>
      )}
      {s && (
        <p className="text-xs text-slate-500">
          {counted(s.totalSpins, 'spin', 'spins')} so far · £{s.totalCashWon.toFixed(2)} cash won
        </p>
      )}
      {result && <ResultDialog result={result} onClose={() => setResult(null)} />}
    </Card>
  );
}
