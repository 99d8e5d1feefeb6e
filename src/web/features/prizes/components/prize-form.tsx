import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { WEEKDAYS } from '../../../../contract/constants';
import type { CreatePrizeBody, Prize } from '../../../../contract/prizes';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { errorText } from '../../../lib/api-client';
import { requiredText } from '../../../lib/form-rules';
import { useSavePrize } from '../api/admin';

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

const select =
  'block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';
/** datetime-local wants local time without a zone. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
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
    endDate: toLocalInput(prize?.endDate ?? new Date(now + 7 * 86_400_000).toISOString()),
    drawDay: prize?.drawDay ?? 'Friday',
    drawFrequency: prize?.drawFrequency ?? '',
    imageUrl: prize?.imageUrl ?? '',
    featured: prize?.featured ?? false,
    status: prize?.status === 'active' ? 'active' : 'draft',
  };
}

/** Creates a prize, or edits one; the server checks every field again. */
export function PrizeForm({ prize, onDone }: { prize?: Prize; onDone(): void }) {
  const save = useSavePrize();
  const { register, handleSubmit, formState } = useForm<Values>({ defaultValues: defaults(prize) });
  const errors = formState.errors;

  const submit = handleSubmit(async (v) => {
    const body: CreatePrizeBody = {
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
    };
    try {
      await save.mutateAsync({ id: prize?._id, body });
      toast.success(prize ? 'Prize saved' : 'Prize created');
      onDone();
    } catch (err) {
      toast.error(errorText(err, 'Failed to save the prize'));
    }
  });

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
        <label className="block text-sm font-medium text-slate-800">
          Type
          <select className={`${select} mt-1.5`} {...register('type')}>
            <option value="cash">Cash</option>
            <option value="physical">Physical item</option>
            <option value="electronics">Electronics</option>
            <option value="giftcard">Gift card</option>
          </select>
        </label>
        {number('value', 'Value (£)', '0.01')}
        {number('totalWinners', 'Winners')}
        {number('entryCost', 'Entry cost')}
        {number('maxEntriesPerUser', 'Entries per person (max)')}
        {number('minimumEntries', 'Minimum entries to draw')}
        <TextField label="Opens" type="datetime-local" {...register('startDate', requiredText('Opens'))} />
        <TextField label="Closes" type="datetime-local" {...register('endDate', requiredText('Closes'))} />
        <label className="block text-sm font-medium text-slate-800">
          Draw day
          <select className={`${select} mt-1.5`} {...register('drawDay')}>
            {WEEKDAYS.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Draw frequency
          <select className={`${select} mt-1.5`} {...register('drawFrequency')}>
            <option value="">None</option>
            <option value="daily">Daily</option>
            <option value="weekly">Weekly</option>
            <option value="monthly">Monthly</option>
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Status
          <select
            className={`${select} mt-1.5`}
            {...register('status')}
            disabled={prize?.status === 'active'}
          >
            <option value="draft">Draft</option>
            <option value="active">Active</option>
          </select>
        </label>
      </div>
      <TextField label="Image URL (https, optional)" type="url" {...register('imageUrl')} />
      <label className="flex items-center gap-3 text-sm text-slate-800">
        <input type="checkbox" className="h-5 w-5 accent-brand-700" {...register('featured')} /> Featured on
        the home page
      </label>
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {prize ? 'Save prize' : 'Create prize'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Close
        </Button>
      </div>
    </form>
  );
}
