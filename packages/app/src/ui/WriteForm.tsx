// A form whose submit runs one write (ui/forms.tsx `useWrite`): the submit button is disabled while the write
// runs and its failure shows beside the form; the fields are the caller's, so what was typed stays on a failure.
// One component for the pattern the screens repeated (preventDefault, run, a busy button, the error).
import type { ReactNode } from "react";
import { type Write, WriteError } from "./forms";

export function WriteForm({
  write,
  submit,
  children,
  className = "inline-form",
  label,
  extra,
}: {
  write: Write<undefined>;
  /** The submit button's text. */
  submit: string;
  children: ReactNode;
  className?: string;
  /** The form's accessible name, when it has no heading of its own. */
  label?: string;
  /** Shown after the submit button (a cancel button, a status). */
  extra?: ReactNode;
}) {
  return (
    <form
      className={className}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void write.run(undefined);
      }}
    >
      {children}
      <button type="submit" disabled={write.busy}>
        {submit}
      </button>
      {extra}
      <WriteError write={write} />
    </form>
  );
}
