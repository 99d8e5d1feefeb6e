import { Button } from './button';

/** An editing form's footer: save (disabled while sending) and close. */
export function FormActions({
  saveLabel,
  busy,
  onClose,
  closeLabel = 'Close',
}: {
  saveLabel: string;
  busy: boolean;
  onClose(): void;
  closeLabel?: string;
}) {
  return (
    <div className="flex gap-3">
      <Button type="submit" disabled={busy}>
        {saveLabel}
      </Button>
      <Button variant="secondary" onClick={onClose}>
        {closeLabel}
      </Button>
    </div>
  );
}
