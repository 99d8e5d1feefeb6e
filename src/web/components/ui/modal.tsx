import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A modal dialog over a dimmed page, named by the heading whose id is
 * `labelledBy`: focus moves into it when it opens (to a field of it with
 * autoFocus, or the dialog itself) and back to where it was when
 * it closes, and Escape closes it unless `canClose` is false (a video still playing, say).
 */
export function Modal({
  labelledBy,
  onClose,
  canClose = true,
  className = '',
  children,
}: {
  labelledBy: string;
  onClose(): void;
  canClose?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  // Read while rendering: by the time effects run, a field inside with autoFocus has taken the focus.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    if (!dialog.current?.contains(document.activeElement)) dialog.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && canClose && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canClose, onClose]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/70 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`w-full rounded-2xl bg-white p-6 shadow-xl focus:outline-none ${className}`}
      >
        {children}
      </div>
    </div>
  );
}
