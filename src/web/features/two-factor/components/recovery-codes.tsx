import { Button } from '../../../components/ui/button';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';

/** Recovery codes, shown once: to copy, download or print, each good for one sign-in. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const text = `PrizeDraw recovery codes\nEach code works once, in place of a code from your app.\n\n${codes.join('\n')}\n`;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Keep these recovery codes somewhere safe, away from your phone. Each works once, if you lose your
        authenticator app. We will not show them again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => toast.success('Recovery codes copied'),
              () => toast.error('Could not copy: please write them down'),
            )
          }
        >
          Copy
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), 'prizedraw-recovery-codes.txt')}
        >
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}
