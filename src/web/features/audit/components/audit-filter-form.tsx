import { Download } from 'lucide-react';
import { useState } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction, auditQuery } from '../../../../contract/audit';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import type { AuditFilter } from '../api/get-audit';
import type { useVerifyAudit } from '../api/verify-audit';

/** The actions as the list offers them: in words, alphabetically. */
const actions = [...AUDIT_ACTIONS].sort((a, b) =>
  AUDIT_ACTION_LABELS[a].localeCompare(AUDIT_ACTION_LABELS[b]),
);

/**
 * What the Audit tab is filtered by: an action in words, an account's email (the server finds the
 * account, member or staff) and a target's id; with the file download and the chain's check beside them.
 */
export function AuditFilterForm({
  onFilter,
  onDownload,
  verify,
  emailError,
}: {
  onFilter(filter: AuditFilter): void;
  onDownload(): void;
  verify: ReturnType<typeof useVerifyAudit>;
  /** Why the server could not filter by the email given. */
  emailError?: string;
}) {
  const [draft, setDraft] = useState<AuditFilter>({});
  const [badEmail, setBadEmail] = useState<string>();
  const set = (field: keyof AuditFilter, value: string) =>
    setDraft({ ...draft, [field]: value || undefined });
  return (
    <form
      className="grid gap-3 sm:grid-cols-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // The contract's own rule for the email, so a typo is named here rather than by a 400.
        const email = draft.email && auditQuery.shape.email.safeParse(draft.email);
        setBadEmail(email && !email.success ? email.error.issues[0]?.message : undefined);
        if (!email || email.success) onFilter({ ...draft, email: email ? email.data : undefined });
      }}
    >
      <SelectField
        label="Action"
        value={draft.action ?? ''}
        onChange={(e) => set('action', e.target.value as AuditAction)}
      >
        <option value="">Any action</option>
        {actions.map((a) => (
          <option key={a} value={a}>
            {AUDIT_ACTION_LABELS[a]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Member or staff email"
        type="email"
        autoComplete="off"
        value={draft.email ?? ''}
        error={badEmail ?? emailError}
        onChange={(e) => set('email', e.target.value.trim())}
      />
      <TextField
        label="Target id"
        value={draft.targetId ?? ''}
        onChange={(e) => set('targetId', e.target.value.trim())}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-3">
        <Button type="submit">Filter</Button>
        <Button variant="secondary" onClick={onDownload}>
          <Download aria-hidden className="h-4 w-4" /> Download CSV
        </Button>
        <Button variant="secondary" disabled={verify.isPending} onClick={() => verify.mutate()}>
          {verify.isPending ? 'Checking...' : 'Verify chain'}
        </Button>
      </div>
    </form>
  );
}
