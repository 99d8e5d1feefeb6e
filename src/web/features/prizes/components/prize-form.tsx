import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DAY_MS, DEFAULT_DRAW_DAY, MINUTE_MS, WEEKDAYS } from '../../../../contract/constants';
import { type CreatePrizeBody, createPrizeBody, type Prize } from '../../../../contract/prizes';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { OFFERED_PRIZE_TYPES, PRIZE_TYPE_LABELS } from '../../../lib/prize-labels';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useCreatePrize } from '../api/create-prize';
import { useUpdatePrize } from '../api/update-prize';

interface Values {
  title: string;
  description: string;
  type: Prize['type'];
  value: string;
  totalWinners: string;
  entryCost: string;
  maxEntriesPerUser: string;
  minimumEntries: string;
  startDate: string;
  endDate: string;
  drawDay: string;
  drawFrequency: string;
  imageUrl: string;
  featured: boolean;
  status: 'draft' | 'active';
}

/** datetime-local wants local time without a zone. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * MINUTE_MS).toISOString().slice(0, 16);
};

function defaults(prize?: Prize): Values {
  const now = Date.now();
  return {
    title: prize?.title ?? '',
    description: prize?.description ?? '',
    type: prize?.type ?? 'cash',
    value: String(prize?.value ?? ''),
    totalWinners: String(prize?.totalWinners ?? 1),
    entryCost: String(prize?.entryCost ?? 1),
    maxEntriesPerUser: String(prize?.maxEntriesPerUser ?? 100),
    minimumEntries: String(prize?.minimumEntries ?? 0),
    startDate: toLocalInput(prize?.startDate ?? new Date(now).toISOString()),
    endDate: toLocalInput(prize?.endDate ?? new Date(now + 7 * DAY_MS).toISOString()),
    drawDay: prize?.drawDay ?? DEFAULT_DRAW_DAY,
    drawFrequency: prize?.drawFrequency ?? '',
    imageUrl: prize?.imageUrl ?? '',
    featured: prize?.featured ?? false,
    status: prize?.status === 'active' ? 'active' : 'draft',
  };
}

/** An empty number field is no number, which the body's rule names, rather than 0. */
const numberIn = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
/** A local date and time from the picker, as the instant the body wants; empty stays empty. */
const instantIn = (local: string) => (local ? new Date(local).toISOString() : '');

/** The form's text fields become the prize's body, which checks them with the server's own rules. */
const prizeForm = z
  .custom<Values>()
  .transform(
    (v): CreatePrizeBody => ({
      title: v.title,
      description: v.description,
      type: v.type,
      value: numberIn(v.value),
      totalWinners: numberIn(v.totalWinners),
      entryCost: numberIn(v.entryCost),
      maxEntriesPerUser: numberIn(v.maxEntriesPerUser),
      minimumEntries: numberIn(v.minimumEntries),
      startDate: instantIn(v.startDate),
      endDate: instantIn(v.endDate),
      drawDay: v.drawDay as CreatePrizeBody['drawDay'],
      drawFrequency: (v.drawFrequency || null) as CreatePrizeBody['drawFrequency'],
      imageUrl: v.imageUrl.trim() || null,
      featured: v.featured,
      status: v.status,
    }),
  )
  .pipe(createPrizeBody);
type Body = z.output<typeof prizeForm>;

/** Creates a prize, or edits one; the server checks every field again. */
export function PrizeForm({ prize, onDone }: { prize?: Prize; onDone(): void }) {
  const create = useCreatePrize();
  const update = useUpdatePrize();
  const { register, handleSubmit, formState } = useForm<Values, unknown, Body>({
    resolver: zodResolver(prizeForm),
    defaultValues: defaults(prize),
  });
  const errors = formState.errors;

  const submit = handleSubmit(
    submitWithToast(
      (body: Body) => (prize ? update.mutateAsync({ id: prize._id, body }) : create.mutateAsync(body)),
      { success: prize ? 'Prize saved' : 'Prize created', error: 'Failed to save the prize' },
      onDone,
    ),
  );

  const number = (
    name: 'value' | 'totalWinners' | 'entryCost' | 'maxEntriesPerUser' | 'minimumEntries',
    label: string,
    step = '1',
  ) => (
    <TextField
      label={label}
      type="number"
      step={step}
      min="0"
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Type" {...register('type')}>
          {OFFERED_PRIZE_TYPES.map((type) => (
            <option key={type} value={type}>
              {PRIZE_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        {number('value', 'Value (£)', '0.01')}
        {number('totalWinners', 'Winners')}
        {number('entryCost', 'Entry cost')}
        {number('maxEntriesPerUser', 'Entries per person (max)')}
        {number('minimumEntries', 'Minimum entries to draw')}
        <TextField
          label="Opens"
          type="datetime-local"
          error={errors.startDate?.message}
          {...register('startDate')}
        />
        <TextField
          label="Closes"
          type="datetime-local"
          error={errors.endDate?.message}
          {...register('endDate')}
        />
        <SelectField label="Draw day" {...register('drawDay')}>
          {WEEKDAYS.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </SelectField>
        <SelectField label="Draw frequency" {...register('drawFrequency')}>
          <option value="">None</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
        </SelectField>
        <SelectField label="Status" {...register('status')} disabled={prize?.status === 'active'}>
          <option value="draft">Draft</option>
          <option value="active">Active</option>
        </SelectField>
      </div>
      <TextField
        label="Image URL (https, optional)"
        type="url"
        error={errors.imageUrl?.message}
        {...register('imageUrl')}
      />
      <CheckboxField label="Featured on the home page" {...register('featured')} />
      <FormActions
        saveLabel={prize ? 'Save prize' : 'Create prize'}
        busy={formState.isSubmitting}
        onClose={onDone}
      />
    </form>
  );
}
