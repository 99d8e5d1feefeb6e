import { useForm } from 'react-hook-form';
import { DAY_MS, DEFAULT_DRAW_DAY, MINUTE_MS, WEEKDAYS } from '../../../../contract/constants';
import type { CreatePrizeBody, Prize } from '../../../../contract/prizes';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormActions } from '../../../components/ui/form-actions';
import { requiredText } from '../../../lib/form-rules';
import { PRIZE_TYPE_LABELS } from '../../../lib/prize-labels';
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

/** Creates a prize, or edits one; the server checks every field again. */
export function PrizeForm({ prize, onDone }: { prize?: Prize; onDone(): void }) {
  const create = useCreatePrize();
  const update = useUpdatePrize();
  const { register, handleSubmit, formState } = useForm<Values>({ defaultValues: defaults(prize) });
  const errors = formState.errors;

  const toBody = (v: Values): CreatePrizeBody => ({
    title: v.title.trim(),
    description: v.description.trim(),
    type: v.type,
    value: Number(v.value),
    totalWinners: Number(v.totalWinners),
    entryCost: Number(v.entryCost),
    maxEntriesPerUser: Number(v.maxEntriesPerUser),
    minimumEntries: Number(v.minimumEntries),
    startDate: new Date(v.startDate).toISOString(),
    endDate: new Date(v.endDate).toISOString(),
    drawDay: v.drawDay as CreatePrizeBody['drawDay'],
    drawFrequency: (v.drawFrequency || null) as CreatePrizeBody['drawFrequency'],
    imageUrl: v.imageUrl.trim() || null,
    featured: v.featured,
    status: v.status,
  });
  const submit = handleSubmit(
    submitWithToast(
      (v: Values) =>
        prize ? update.mutateAsync({ id: prize._id, body: toBody(v) }) : create.mutateAsync(toBody(v)),
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
      {...register(name, requiredText(label))}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Title" error={errors.title?.message} {...register('title', requiredText('Title'))} />
      <TextAreaField label="Description" {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Type" {...register('type')}>
          {Object.entries(PRIZE_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        {number('value', 'Value (£)', '0.01')}
        {number('totalWinners', 'Winners')}
        {number('entryCost', 'Entry cost')}
        {number('maxEntriesPerUser', 'Entries per person (max)')}
        {number('minimumEntries', 'Minimum entries to draw')}
        <TextField label="Opens" type="datetime-local" {...register('startDate', requiredText('Opens'))} />
        <TextField label="Closes" type="datetime-local" {...register('endDate', requiredText('Closes'))} />
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
      <TextField label="Image URL (https, optional)" type="url" {...register('imageUrl')} />
      <CheckboxField label="Featured on the home page" {...register('featured')} />
      <FormActions
        saveLabel={prize ? 'Save prize' : 'Create prize'}
        busy={formState.isSubmitting}
        onClose={onDone}
      />
    </form>
  );
}
