/** What a block says when its data could not be loaded: honest, and never mistaken for "nothing yet". */
export function LoadError({
  what,
  className = 'px-6 py-10 text-center',
}: {
  what: string;
  className?: string;
}) {
  return (
    <p role="alert" className={`text-slate-600 ${className}`}>
      {what} could not be loaded. Try again shortly.
    </p>
  );
}
