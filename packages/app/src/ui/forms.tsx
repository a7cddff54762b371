// Writes from forms: busy while they run, their failure shown beside the form, and what was typed kept
// (the form's state is the caller's; a failed write changes none of it).
import { useCallback, useState } from "react";
import { messageOf } from "../api";

export interface Write<T> {
  run: (input: T) => Promise<boolean>;
  busy: boolean;
  error: string | undefined;
}

export function useWrite<T>(perform: (input: T) => Promise<unknown>): Write<T> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(
    async (input: T) => {
      setBusy(true);
      setError(undefined);
      try {
        await perform(input);
        return true;
      } catch (failure) {
        setError(messageOf(failure));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [perform],
  );
  return { run, busy, error };
}

export function WriteError({ write }: { write: { error: string | undefined } }) {
  return write.error ? (
    <p className="error" role="alert">
      {write.error}
    </p>
  ) : null;
}
