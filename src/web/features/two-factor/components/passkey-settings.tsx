import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { Passkey } from '../../../../contract/two-factor';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { ukDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session/session';
import { toast } from '../../../lib/toast';
import { useAddPasskey, useRemovePasskey } from '../api/passkeys';
import { passkeyError } from './passkey-sign-in';

/**
 * The account's passkeys: each by the name its owner gave it, when it was last used, and a way to
 * remove it; and adding one from this device (the browser asks for a fingerprint, face or PIN).
 */
export function PasskeySettings({ passkeys, onChange }: { passkeys: Passkey[]; onChange(): void }) {
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const { user } = useSession();
  // Adding one asks for the password again (DESIGN §16); an account without one (Google, Apple) has none to give.
  const askPassword = Boolean(user?.hasPassword);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('The name is required');
    try {
      await add.mutateAsync({ name: name.trim(), password: askPassword ? password : undefined });
    } catch (err) {
      toast.error(passkeyError(err, 'The passkey was not added'));
      return;
    }
    toast.success('Passkey added');
    setName('');
    setPassword('');
    onChange();
  };
  const drop = async (p: Passkey) => {
    try {
      await remove.mutateAsync(p._id);
    } catch (err) {
      toast.error(errorText(err, 'The passkey was not removed'));
      return;
    }
    toast.success('Passkey removed');
    onChange();
  };

  return (
    <section aria-labelledby="passkeys-title" className="space-y-3 border-t border-slate-100 p-5">
      <h3 id="passkeys-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <KeyRound aria-hidden className="h-4 w-4" /> Passkeys
      </h3>
      <p className="text-sm text-slate-700">
        Sign in with your fingerprint, face or screen lock instead of a password and code. A passkey stays on
        your device and works only on this site.
      </p>
      {passkeys.length > 0 && (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{p.name}</span>
                <span className="block text-xs text-slate-600">
                  Added {ukDateTime(p.createdAt)}
                  {p.lastUsedAt && ` · last used ${ukDateTime(p.lastUsedAt)}`}
                </span>
              </span>
              <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => void drop(p)}>
                Remove<span className="sr-only"> {p.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <TextField
          label="Name for a new passkey"
          placeholder="e.g. My phone"
          value={name}
          maxLength={60}
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        {askPassword && (
          <TextField
            label="Password, to add a passkey"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        <Button type="submit" variant="secondary" disabled={add.isPending}>
          Add a passkey
        </Button>
      </form>
    </section>
  );
}
