import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { deletePushSubscription, getPushKey, savePushSubscription } from '../api/push-subscription';

type State = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
/**
 * This browser's subscription, if any. The service worker is registered a few seconds after a page
 * loads (main.tsx): with none yet there is no subscription either, and nothing to wait for.
 */
const subscription = async () =>
  (await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription()) ?? null;

/**
 * Push notifications on this device. The browser is asked for permission only
 * when the member presses the button, never on its own (browsers penalise sites
 * that ask unprompted, and it is rude).
 */
export function PushSwitch() {
  const [state, setState] = useState<State>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('blocked');
    let live = true;
    subscription().then(
      (s) => live && setState(s ? 'on' : 'off'),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setState(Notification.permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const sub = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: await getPushKey(),
      });
      await savePushSubscription(sub.toJSON());
      setState('on');
      toast.success('Notifications are on for this device');
    } catch (err) {
      toast.error(errorText(err, 'Your browser could not turn notifications on. Please try again later.'));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      const sub = await subscription();
      if (sub) {
        await deletePushSubscription(sub.endpoint);
        await sub.unsubscribe();
      }
      setState('off');
      toast.success('Notifications are off for this device');
    } catch (err) {
      toast.error(errorText(err, 'Notifications could not be turned off. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  const text: Record<State, string> = {
    checking: 'Checking this device...',
    unsupported: 'This browser cannot show notifications from websites.',
    blocked:
      'Notifications are blocked for this site. Allow them in your browser’s site settings to turn them on.',
    off: 'Get a notification on this device when you win, and for whatever you ticked under Push above.',
    on: 'This device shows our notifications.',
  };
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-4"
      data-testid="push-switch"
    >
      <p className="flex min-w-0 flex-1 basis-60 items-start gap-2">
        {state === 'on' ? (
          <BellRing aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        ) : (
          <BellOff aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
        )}
        <span>
          <span className="block font-semibold text-slate-900">Notifications on this device</span>
          <span role="status">{text[state]}</span>
        </span>
      </p>
      {state === 'off' && (
        <Button size="sm" onClick={() => void turnOn()} disabled={busy}>
          {busy ? 'Turning on...' : 'Turn on'}
        </Button>
      )}
      {state === 'on' && (
        <Button size="sm" variant="secondary" onClick={() => void turnOff()} disabled={busy}>
          {busy ? 'Turning off...' : 'Turn off'}
        </Button>
      )}
    </div>
  );
}
