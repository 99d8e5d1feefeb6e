import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * A modal dialog over a dimmed page, named by the heading whose id is `labelledBy`. It is the native
 * `<dialog>` opened with showModal(), so the page behind is inert: Tab and a screen reader stay inside
 * until it closes. Focus moves into it when it opens (to a field of it marked `data-autofocus`, or
 * the dialog itself) and back to where it was when it closes, and Escape closes it unless `canClose`
 * is false (a video still playing, say).
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
  const dialog = useRef<HTMLDialogElement>(null);
  // Read while rendering, before anything inside takes the focus.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  useLayoutEffect(() => {
    const element = dialog.current!;
    element.showModal();
    (element.querySelector<HTMLElement>('[data-autofocus]') ?? element).focus();
    return () => {
      element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);
  // Escape is the app's to act on, wherever the focus is (a control just disabled leaves it on the
  // page): taken before the browser would close the dialog itself, and closing it by unmounting.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      if (canClose) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [canClose, onClose]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      onCancel={(e) => e.preventDefault()}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/70 focus:outline-none ${className}`}
    >
      {children}
    </dialog>
  );
}
