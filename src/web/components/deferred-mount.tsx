import { startTransition, useEffect, useState } from 'react';

/** Only the document's first load has a first paint to protect; later visits mount at once. */
let firstLoadDone = false;

/**
 * On the document's first load, renders `placeholder` in the first commit and `children` in a
 * transition after it. Mounting a section starts its reads and timers; on a phone, doing that in the
 * first commit made it the longest task after the first paint. The placeholder is the section's own
 * loading state, so nothing moves when the section takes its place. After that load, a page whose
 * data is cached shows it at once, without a moment of its loading state.
 */
export function DeferredMount({
  placeholder,
  children,
}: {
  placeholder: React.ReactNode;
  children: React.ReactNode;
}) {
  const [mounted, setMounted] = useState(firstLoadDone);
  useEffect(() => {
    firstLoadDone = true;
    if (!mounted) startTransition(() => setMounted(true));
  }, [mounted]);
  return mounted ? children : placeholder;
}
