import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { submitWithToast } from '../../../lib/submit-with-toast';
import { useDownloadMyData } from '../api/download-my-data';

/** A copy of everything held about the user, as a JSON file. */
export function DownloadMyData() {
  const download = useDownloadMyData();
  const start = submitWithToast(() => download.mutateAsync(), {
    success: 'Your data has been downloaded',
    error: 'Failed to download your data',
  });
  return (
    <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">
        A copy of everything we hold about you (your account, sessions, entries, wins, tasks, cash and
        messages) in one JSON file.
      </p>
      <Button
        variant="secondary"
        className="shrink-0"
        disabled={download.isPending}
        onClick={() => void start(undefined)}
      >
        <Download aria-hidden className="h-4 w-4" />
        {download.isPending ? 'Preparing...' : 'Download my data'}
      </Button>
    </div>
  );
}
