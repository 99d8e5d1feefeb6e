import { LoaderCircle } from 'lucide-react';

export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-12 text-slate-600">
      <LoaderCircle aria-hidden className="h-5 w-5 animate-spin" />
      <span>{label}</span>
    </div>
  );
}
