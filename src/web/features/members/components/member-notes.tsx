import { zodResolver } from '@hookform/resolvers/zod';
import { NotebookPen } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type MemberDetail, memberNoteBody } from '../../../../contract/members';
import { Button } from '../../../components/ui/button';
import { Card, SectionCard } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField } from '../../../components/ui/field';
import { ukDateTime } from '../../../lib/format';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useAddNote } from '../api/add-note';

type NoteValues = z.infer<typeof memberNoteBody>;

/** Staff's internal notes on a member, newest first with who wrote each; the member never sees them. */
export function MemberNotes({ id, notes }: { id: string; notes: MemberDetail['notes'] }) {
  const add = useAddNote();
  const { register, handleSubmit, formState, reset } = useForm<NoteValues>({
    resolver: zodResolver(memberNoteBody),
  });
  const submit = handleSubmit(
    submitWithToast(
      (values: NoteValues) => add.mutateAsync({ id, ...values }),
      {
        success: 'Note added',
        error: 'Failed to add the note',
      },
      () => reset(),
    ),
  );
  return (
    <SectionCard title="Internal notes">
      <Card className="space-y-4 p-5">
        <form onSubmit={submit} noValidate className="space-y-3">
          <TextAreaField
            label="Add a note (staff only)"
            rows={2}
            error={formState.errors.body?.message}
            {...register('body')}
          />
          <Button type="submit" variant="secondary" disabled={add.isPending}>
            Add note
          </Button>
        </form>
        {notes.rows.length === 0 ? (
          <EmptyState icon={NotebookPen} title="No notes yet">
            What staff learn about this member (a call, a check, a promise) goes here.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" aria-label="Internal notes, newest first">
            {notes.rows.map((n) => (
              <li key={n._id} className="py-3">
                <p className="whitespace-pre-wrap break-words text-slate-900">{n.body}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {n.author.username} · {ukDateTime(n.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
        {notes.total > notes.rows.length && (
          <p className="text-xs text-slate-600">
            The newest {notes.rows.length} of {notes.total}; the rest are in the audit log.
          </p>
        )}
      </Card>
    </SectionCard>
  );
}
