import { useCallback, useRef, useState } from "react";
import { keepTabInside } from "./focus-trap";

let returningFocus = false;

/** True while a dialog hands focus back, so an opener that opens on focus can ignore it. */
export function isFocusReturning(): boolean {
  return returningFocus;
}

/**
 * A native modal <dialog>: the page behind is inert, it sits above everything, and
 * open() moves focus inside at once (so keys typed right after land in the dialog).
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [closings, setClosings] = useState(0);

  const open = useCallback(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus(); // else the first focusable element
    setOpen(true);
  }, []);

  /** Closes; focus goes back where it was, or nowhere when the member is moving on to another page. */
  const close = useCallback(({ returnFocus = true }: { returnFocus?: boolean } = {}) => {
    const dialog = ref.current;
    if (!dialog?.open) return;
    returningFocus = true;
    try {
      dialog.close(); // Chromium hands focus back itself here
      if (returnFocus) returnTo.current?.focus();
      else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    } finally {
      returningFocus = false;
    }
    setOpen(false);
    setClosings((n) => n + 1);
  }, []);

  /**
   * closings: how many times it closed; a form keyed on it starts afresh at the next opening. Counted
   * here, not by an effect on isOpen, which would also run at hydration and replace the form under a
   * member who opened the dialog at once (taking the focus with it).
   */
  return { ref, isOpen, open, close, closings };
}

export type ModalDialogControl = ReturnType<typeof useModalDialog>;

/** The dialog box: Escape or a click on the dimmed page closes it. Always rendered; control.open() shows it. */
export function ModalDialog({
  control,
  labelledBy,
  className = "",
  children,
}: {
  control: ModalDialogControl;
  labelledBy: string;
  className?: string;
  children: React.ReactNode;
}) {
  const { ref, close } = control;
  return (
    // The dialog fills the viewport, transparent; the panel inside is what the member sees.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Esc and the backdrop close it
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={labelledBy}
      className="m-0 h-full max-h-full w-full max-w-full overflow-y-auto bg-transparent p-4 backdrop:bg-slate-900/40 sm:pt-[12vh]"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.preventDefault();
          close();
        } else keepTabInside(e);
      }}
      onMouseDown={(e) => e.target === e.currentTarget && close()}
    >
      <div className={`mx-auto w-full overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10 ${className}`}>
        {children}
      </div>
    </dialog>
  );
}
