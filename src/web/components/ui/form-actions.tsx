import { Button } from './button';

/** An editing form's footer: save (disabled while sending) and close. */
export function FormActions({
  saveLabel,
  busy,
  onClose,
}: {
  saveLabel: string;
  busy: boolean;
  onClose(): void;
}) {
  return (
    <div className="flex gap-3">
      <Button type="submit" disabled={busy}>
        {saveLabel}
      </Button>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
