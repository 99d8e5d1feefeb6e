/**
 * What a block says when its data could not be loaded: honest, never mistaken for "nothing yet", and
 * true, as the read is tried again by itself (app/query-client.ts).
 */
export function LoadError({
  what,
  className = 'px-6 py-10 text-center',
}: {
  what: string;
  className?: string;
}) {
  return (
    <p role="alert" className={`text-slate-600 ${className}`}>
      {what} could not be loaded. Trying again in a few seconds.
    </p>
  );
}
