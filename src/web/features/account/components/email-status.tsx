import { BadgeCheck, MailWarning } from 'lucide-react';

/** Whether the user has confirmed their address through the link we emailed them. */
export function EmailStatus({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-bold text-emerald-800">
      <BadgeCheck aria-hidden className="h-3.5 w-3.5" /> Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-bold text-amber-900">
      <MailWarning aria-hidden className="h-3.5 w-3.5" /> Not verified
    </span>
  );
}
