import { startTransition, useEffect, useState } from 'react';

/**
 * Renders `placeholder` in the page's first commit and `children` in a transition after it.
 * Mounting a section starts its reads and timers; on a phone, doing that in the first commit made
 * it the longest task after the first paint. The placeholder is the section's own loading state,
 * so nothing moves when the section takes its place.
 */
export function DeferredMount({
  placeholder,
  children,
}: {
  placeholder: React.ReactNode;
  children: React.ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : placeholder;
}
