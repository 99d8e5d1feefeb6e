import { type RefObject, useEffect } from 'react';

/**
 * A menu or panel that closes on Escape (focus going back to the button that
 * opened it) or on a click anywhere outside `box`.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  box: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      opener.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close, box, opener]);
}
