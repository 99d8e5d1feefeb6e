import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type AdminWall,
  ENTRIES_FROM_REWARD,
  OFFER_HOLD_DAYS_DEFAULT,
  OFFER_PROVIDERS,
  PROVIDER_NAMES,
  type WallInput,
  wallBody,
  wallUpdate,
} from '../../../../contract/offer-walls';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useCreateWall, useUpdateWall } from '../api/save-wall';

/** The form's fields: the allowed addresses as one text, a line or a comma between them. */
type Values = Omit<z.input<typeof wallBody>, 'ipAllowlist'> & { addresses: string };

const addressList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/**
 * Adds a wall or edits one. Its secret is typed in once: an edit leaves it as
 * it is unless a new one is typed, since the server never sends it back.
 */
export function WallForm({ wall, onDone }: { wall?: AdminWall; onDone(): void }) {
  const create = useCreateWall();
  const update = useUpdateWall();
  // The addresses are checked one by one on the server, which names a bad one.
  const schema = (wall ? wallUpdate : wallBody).omit({ ipAllowlist: true }).extend({ addresses: z.string() });
  const { register, handleSubmit, formState, watch } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: wall
      ? { ...wall, secret: '', addresses: wall.ipAllowlist.join('\n') }
      : {
          name: '',
          provider: 'bitlabs',
          frameUrl: '',
          secret: '',
          entriesPerPound: 1000,
          holdDays: OFFER_HOLD_DAYS_DEFAULT,
          active: true,
          addresses: '',
        },
  });
  const errors = formState.errors;
  const submit = handleSubmit(
    submitWithToast(
      ({ addresses, secret, ...values }: Values) => {
        const body = { ...values, ipAllowlist: addressList(addresses), ...(secret ? { secret } : {}) };
        return wall ? update.mutateAsync({ id: wall._id, body }) : create.mutateAsync(body as WallInput);
      },
      { success: (r) => r.message, error: 'The offer wall could not be saved' },
      onDone,
    ),
  );
  const provider = watch('provider');

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name members see" error={errors.name?.message} {...register('name')} />
        <SelectField
          label="Provider"
          error={errors.provider?.message}
          {...register('provider')}
          disabled={Boolean(wall)}
        >
          {OFFER_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {PROVIDER_NAMES[p]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        label="Frame address, with {userId} where the member’s id goes"
        type="url"
        placeholder="https://…?uid={userId}"
        error={errors.frameUrl?.message}
        {...register('frameUrl')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={wall ? 'New secret (leave blank to keep the current one)' : 'Secret the provider signs with'}
          type="password"
          autoComplete="off"
          error={errors.secret?.message}
          {...register('secret')}
        />
        <div>
          <TextField
            label="Entries per £1 of revenue"
            type="number"
            min="1"
            error={errors.entriesPerPound?.message}
            {...register('entriesPerPound', { valueAsNumber: true })}
          />
          {ENTRIES_FROM_REWARD.includes(provider) && (
            <p className="mt-1 text-xs text-slate-600">
              {PROVIDER_NAMES[provider]} signs the entries itself: set its reward in its dashboard as entries.
              This rate is not used for it.
            </p>
          )}
        </div>
        <div>
          <TextField
            label="Days the provider may reverse a credit"
            type="number"
            min="0"
            error={errors.holdDays?.message}
            {...register('holdDays', { valueAsNumber: true })}
          />
          <p className="mt-1 text-xs text-slate-600">
            Members see their credits from this wall as pending until then.
          </p>
        </div>
      </div>
      <TextAreaField
        label="Addresses postbacks may come from (one a line; blank allows any)"
        placeholder={provider === 'ayetstudios' ? '51.79.101.241\n158.69.185.134' : '203.0.113.0/24'}
        {...register('addresses')}
      />
      <CheckboxField label="Shown to members" {...register('active')} />
      <FormActions
        saveLabel={wall ? 'Save wall' : 'Add wall'}
        busy={formState.isSubmitting}
        onClose={onDone}
      />
    </form>
  );
}
