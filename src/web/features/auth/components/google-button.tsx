import { useEffect, useRef, useState } from 'react';
import { loadScript } from '../../../lib/load-script';

/** Google Identity Services: its own script draws the button and hands back an ID token (`credential`). */
const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback(response: { credential: string }): void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export function GoogleButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential(credential: string): void;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadScript(GOOGLE_SCRIPT)
      .then(() => {
        if (cancelled || !slot.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => callback.current(credential),
        });
        window.google.accounts.id.renderButton(slot.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          width: Math.min(slot.current.clientWidth || 320, 400),
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (failed) return <p className="text-center text-sm text-slate-600">Google sign-in could not load.</p>;
  // Google's button is drawn inside this box; the height is kept so the page does not jump when it arrives.
  return <div ref={slot} className="flex min-h-11 w-full justify-center" />;
}
