import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { OFFER_CREDIT_HOURS } from '../../../../contract/constants';
import {
  MISSING_CREDIT_MAX_DAYS,
  type MissingCredit,
  missingCreditBody,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TYPES,
} from '../../../../contract/missing-credit';
import type { MemberWall } from '../../../../contract/offer-walls';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { entriesLabel, ukDateTime, ukLongDate, ukToday } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { type ReportValues, useMyMissingCredits, useReportMissingCredit } from '../api/missing-credit';

const MB = SCREENSHOT_MAX_BYTES / 1024 / 1024;

/** The report as the form holds it: the contract's facts, and the file the picker gives. */
const form = missingCreditBody.omit({ screenshot: true }).extend({
  screenshot: z
    .custom<FileList>()
    .optional()
    .transform((files) => files?.[0])
    .refine((file) => !file || file.size <= SCREENSHOT_MAX_BYTES, `The screenshot must be at most ${MB} MB`)
    .refine(
      (file) => !file || (SCREENSHOT_TYPES as readonly string[]).includes(file.type),
      'The screenshot must be a PNG, JPEG or WebP image',
    ),
});
type Values = z.input<typeof form>;

const STATUS = {
  open: { label: 'Waiting', style: 'bg-amber-50 text-amber-900' },
  credited: { label: 'Credited', style: 'bg-emerald-50 text-emerald-800' },
  refused: { label: 'Not credited', style: 'bg-slate-100 text-slate-800' },
} as const;

function Report({ claim }: { claim: MissingCredit }) {
  const status = STATUS[claim.status];
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {claim.offerName} <span className="font-normal text-slate-600">on {claim.wall.name}</span>
        </p>
        <span className={`rounded-full px-2.5 py-1 text-xs font-bold ${status.style}`}>
          {status.label}
          {claim.credited !== null && `: ${entriesLabel(claim.credited)}`}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        Completed {ukLongDate(claim.completedAt)}, promised {entriesLabel(claim.expectedReward)}; reported{' '}
        {ukDateTime(claim.at)}
      </p>
      {claim.reply && <p className="text-sm text-slate-800">{claim.reply}</p>}
    </li>
  );
}

function MyReports() {
  const { data, isPending, isError } = useMyMissingCredits();
  if (isPending) return <Spinner label="Loading your reports..." />;
  if (isError) return <LoadError what="Your reports" />;
  if (!data.length) return null;
  return (
    <div>
      <h3 className="font-semibold">Your reports</h3>
      <ul className="divide-y divide-slate-200" aria-label="Your missing-credit reports, the newest first">
        {data.map((claim) => (
          <Report key={claim._id} claim={claim} />
        ))}
      </ul>
    </div>
  );
}

/**
 * Where a member reports an offer that did not credit (DESIGN §19): the facts and a screenshot, checked
 * by staff against what the provider sent; below it, their reports and what was decided.
 */
export function MissingCreditReport({ walls }: { walls: MemberWall[] }) {
  const report = useReportMissingCredit();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, ReportValues>({
    resolver: zodResolver(form),
    defaultValues: { wall: walls[0]?._id ?? '' },
  });
  const submit = handleSubmit(
    submitWithToast(
      report.mutateAsync,
      {
        success: 'Thanks: we will check it with the provider and tell you what we find.',
        error: 'Failed to send your report',
      },
      () => reset(),
    ),
  );
  return (
    <Card className="space-y-5 p-5" id="missing-credit">
      <div>
        <h2 className="text-lg font-bold">Missing credit?</h2>
        <p className="mt-1 text-sm text-slate-700">
          If an offer you completed in the last {MISSING_CREDIT_MAX_DAYS} days has not been credited within{' '}
          {OFFER_CREDIT_HOURS} hours, tell us and a person will check it against what the provider sent us.
        </p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
        {walls.length > 1 && (
          <SelectField label="Offer wall" error={errors.wall?.message} {...register('wall')}>
            {walls.map((w) => (
              <option key={w._id} value={w._id}>
                {w.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label="The offer’s name" error={errors.offerName?.message} {...register('offerName')} />
        <TextField
          label="The day you completed it"
          type="date"
          max={ukToday()}
          error={errors.completedAt?.message}
          {...register('completedAt')}
        />
        <TextField
          label="The entries it promised"
          type="number"
          inputMode="numeric"
          min={1}
          error={errors.expectedReward?.message}
          {...register('expectedReward')}
        />
        <TextField
          label={`A screenshot of it done (optional, PNG, JPEG or WebP, up to ${MB} MB)`}
          type="file"
          accept={SCREENSHOT_TYPES.join(',')}
          error={errors.screenshot?.message}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          {...register('screenshot')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Report missing credit'}
          </Button>
        </div>
      </form>
      <MyReports />
    </Card>
  );
}
