import { History, ShieldCheck, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTION_LABELS, type AuditEvent, auditApi } from '../../../../contract/audit';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { count, ukDateTime } from '../../../lib/format';
import { rowsOf } from '../../../lib/paged';
import { downloadFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { type AuditFilter, useAudit } from '../api/get-audit';
import { useVerifyAudit } from '../api/verify-audit';
import { AuditFilterForm } from './audit-filter-form';

/** The changed fields of an event, before → after, as one line each. */
function Changes({ changes }: { changes: AuditEvent['changes'] }) {
  if (!changes) return null;
  const keys = [...new Set([...Object.keys(changes.before ?? {}), ...Object.keys(changes.after ?? {})])];
  const show = (v: unknown) =>
    v === undefined ? '–' : v === null ? 'none' : typeof v === 'string' ? v : JSON.stringify(v);
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-700">
      {keys.map((k) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd className="break-all">
            {changes.before && k in changes.before && `${show(changes.before[k])} → `}
            {show(changes.after?.[k])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What the verify button found: the whole chain intact, or the first row someone changed or cut behind our back. */
function Verdict({ result }: { result: ReturnType<typeof useVerifyAudit>['data'] }) {
  if (!result) return null;
  const head = result.head;
  const against = head
    ? ` Its end matches the head ${head.signature ? 'signed' : 'recorded (unsigned)'} on ${ukDateTime(head.signedAt)}.`
    : '';
  if (result.intact)
    return (
      <p role="status" className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
        <ShieldCheck aria-hidden className="h-5 w-5 shrink-0" /> Chain intact: {count(result.checked)} rows
        checked.{against}
      </p>
    );
  return (
    <p role="alert" className="flex items-center gap-2 text-sm font-semibold text-red-800">
      <ShieldX aria-hidden className="h-5 w-5 shrink-0" />
      {result.problem === 'rows_cut' && head
        ? `Rows were removed from the end of the log: the head signed on ${ukDateTime(head.signedAt)} names row ${result.firstBrokenId}, which is no longer there.`
        : `Chain broken at row ${result.firstBrokenId}: that row was changed outside the site.`}
    </p>
  );
}

/** The admin's Audit tab: every admin write, newest first, filtered, with the hash chain's check. */
export function AuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const query = useAudit(filter);
  const verify = useVerifyAudit();
  // The server's own words for a filter it could not follow: no account has that email.
  const refused =
    query.error instanceof ApiError && query.error.status === 404 ? query.error.message : undefined;
  const download = async () => {
    try {
      await downloadFile(auditApi.csv, { query: filter }, 'audit.csv');
    } catch (err) {
      toast.error(errorText(err, 'Failed to download the audit log'));
    }
  };
  return (
    <section className="space-y-4">
      <Card className="space-y-4 p-5">
        <AuditFilterForm
          onFilter={setFilter}
          onDownload={() => void download()}
          verify={verify}
          emailError={refused}
        />
        <Verdict result={verify.data} />
        {verify.isError && (
          <p role="alert" className="text-sm text-red-800">
            {errorText(verify.error, 'Failed to check the chain')}
          </p>
        )}
      </Card>
      {refused ? (
        <Card>
          <EmptyState icon={History} title="Nobody to filter by">
            {refused}
          </EmptyState>
        </Card>
      ) : (
        <PagedList
          query={query}
          rows={rowsOf(query.data, 'events')}
          loading="Loading the audit log..."
          failed="The audit log"
          more="audit events"
          boxed
          empty={
            <EmptyState icon={History} title="Nothing recorded">
              {Object.values(filter).some(Boolean)
                ? 'No admin write matches these filters.'
                : 'Every admin write is recorded here.'}
            </EmptyState>
          }
        >
          {(events) => (
            <ol className="space-y-2" aria-label="Audit log, newest first">
              {events.map((e) => (
                <li key={e._id}>
                  <Card className="p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-semibold break-words text-slate-900">{e.summary}</p>
                      <span
                        className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700"
                        title={e.action}
                      >
                        {AUDIT_ACTION_LABELS[e.action]}
                      </span>
                    </div>
                    <p className="mt-1 text-sm text-slate-600">
                      #{e._id} · {ukDateTime(e.at)} · by {e.actor?.username ?? 'the site'}
                      {e.ip && ` from ${e.ip}`} · {e.targetType}{' '}
                      {e.targetType === 'user' ? (
                        <Link
                          to={paths.adminMember(e.targetId)}
                          className="text-brand-700 underline"
                          aria-label={`member ${e.targetId}`}
                        >
                          {e.targetId.slice(0, 8)}…
                        </Link>
                      ) : (
                        <span className="break-all">{e.targetId}</span>
                      )}
                    </p>
                    <Changes changes={e.changes} />
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </PagedList>
      )}
    </section>
  );
}
