// Signing in by e-mail code: an address, then the code e-mailed to it; the answer sets the session cookie.
// Or by the organization's SAML single sign-on, offered when this browser was given its sign-in link
// (`/app/sign-in?sso=<SAML provider ID>`, kept for later visits): the server's SAML sign-in, which ends here
// with the session cookie set (or at `?sso=failed`).
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, messageOf, unwrap } from "../api";
import { navigate } from "../navigation";
import { SingleSignOn } from "./SingleSignOn";

export default function SignIn() {
  const queries = useQueryClient();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const run = (work: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };
  const ask = run(async () => {
    await unwrap(api.POST("/v1/auth/email", { body: { email } }));
    setSent(true);
  });
  const verify = run(async () => {
    await unwrap(api.POST("/v1/auth/sessions", { body: { email, code: code.trim() } }));
    // Everything read before belongs to nobody now: read again as the user signed in.
    await queries.resetQueries();
    if (location.pathname === "/app/sign-in") navigate("/app/", { replace: true });
  });

  return (
    <main className="sign-in" id="main">
      <h1>Sign in to Docstack</h1>
      <form onSubmit={ask}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} readOnly={sent} />
        {!sent && (
          <button type="submit" disabled={busy}>
            E-mail me a code
          </button>
        )}
      </form>
      {sent && (
        <form onSubmit={verify}>
          <p role="status">If this address is a Docstack user's, a code is on its way. It works for 15 minutes.</p>
          <label htmlFor="code">Code</label>
          <input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{8,9}"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" disabled={busy}>
            Sign in
          </button>
          <button type="button" className="quiet" onClick={() => setSent(false)}>
            Use another address
          </button>
        </form>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <SingleSignOn />
    </main>
  );
}
