// Every screen's loading, empty and error states: each failure says what happened and what to do.
import type { ReactNode } from "react";
import { failureOf } from "../api";
import { navigate } from "../navigation";

export function Loading({ what }: { what: string }) {
  return (
    <p className="state loading" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="state empty">{children}</div>;
}

const PROBLEMS = {
  "not-found": ["Not found", "It does not exist, was deleted, or is not shared with you. Ask its owner to share it, or go back."],
  forbidden: ["Not allowed", "Your role does not allow this. An administrator of the organization can give you a role that does."],
  "signed-out": ["Signed out", "Your session has ended. Sign in again to go on."],
  offline: ["Docstack cannot be reached", "The connection was lost. Check your network; the page will load again when you retry."],
  failed: ["Something went wrong", "Docstack could not answer this time. Try again in a moment."],
} as const;

export function Problem({ error, retry }: { error: unknown; retry?: () => void }) {
  const failure = failureOf(error);
  const [title, advice] = PROBLEMS[failure];
  return (
    <div className="state problem" role="alert">
      <h2>{title}</h2>
      <p>{advice}</p>
      <p className="actions">
        {retry && (failure === "offline" || failure === "failed") ? (
          <button type="button" onClick={retry}>
            Try again
          </button>
        ) : null}
        {failure === "signed-out" ? (
          <button type="button" onClick={() => navigate("/app/sign-in")}>
            Sign in
          </button>
        ) : (
          <a href="/app/" onClick={link("/app/")}>
            Go to your spaces
          </a>
        )}
      </p>
    </div>
  );
}

/** A link's click handler that opens the app's screen without reloading (a new tab still works as links do). */
export function link(path: string) {
  return (event: { preventDefault(): void; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; button?: number }) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || (event.button ?? 0) !== 0) return;
    event.preventDefault();
    navigate(path);
  };
}

export function AppLink({ to, children, ...rest }: { to: string; children: ReactNode; className?: string; "aria-current"?: "page" }) {
  return (
    <a href={to} onClick={link(to)} {...rest}>
      {children}
    </a>
  );
}
