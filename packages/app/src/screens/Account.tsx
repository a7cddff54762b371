// The signed-in user's API tokens (made here, the secret shown once; revoked) and sessions (ended).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../api";
import { keys, useSessions, useTokens, useUser } from "../queries";
import { useWrite, WriteError } from "../ui/forms";
import { Empty, Loading, Problem } from "../ui/states";

export default function Account() {
  const user = useUser();
  const tokens = useTokens();
  const sessions = useSessions();
  const queries = useQueryClient();
  const [label, setLabel] = useState("");
  const [secret, setSecret] = useState<string>();

  const create = useWrite(async () => {
    const made = await unwrap(api.POST("/v1/user/tokens", { body: { label } }));
    setSecret(made.token);
    setLabel("");
    await queries.invalidateQueries({ queryKey: keys.tokens });
  });
  const revoke = useWrite(async (tokenId: string) => {
    await unwrap(api.DELETE("/v1/user/tokens/{tokenId}", { params: { path: { tokenId } } }));
    await queries.invalidateQueries({ queryKey: keys.tokens });
  });
  const end = useWrite(async (sessionId: string) => {
    await unwrap(api.DELETE("/v1/user/sessions/{sessionId}", { params: { path: { sessionId } } }));
    await queries.invalidateQueries({ queryKey: keys.sessions });
  });

  return (
    <main id="main" className="home">
      <h1>Account</h1>
      {user.data ? (
        <p>
          Signed in as {user.data.displayName} ({user.data.email})
        </p>
      ) : null}
      <h2>API tokens</h2>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run(undefined);
        }}
      >
        <label htmlFor="token-label">Label</label>
        <input id="token-label" required maxLength={100} value={label} onChange={(event) => setLabel(event.target.value)} />
        <button type="submit" disabled={create.busy}>
          Create token
        </button>
        <WriteError write={create} />
      </form>
      {secret ? (
        <div className="notice" role="status">
          <p>Your new token, shown this once: copy it now.</p>
          <code className="secret">{secret}</code>
          <button type="button" className="quiet" onClick={() => setSecret(undefined)}>
            I have copied it
          </button>
        </div>
      ) : null}
      {tokens.isPending ? <Loading what="tokens" /> : null}
      {tokens.isError ? <Problem error={tokens.error} retry={() => tokens.refetch()} /> : null}
      {tokens.data?.items.length === 0 ? <Empty>No API tokens.</Empty> : null}
      <WriteError write={revoke} />
      <ul className="cards">
        {tokens.data?.items.map((token) => (
          <li key={token.id} className="card">
            <span className="card-title">{token.label || "Unnamed token"}</span>{" "}
            <span className="muted">
              {token.origin}, made {new Date(token.createdAt).toLocaleDateString()}
              {token.lastUsedAt ? `, last used ${new Date(token.lastUsedAt).toLocaleDateString()}` : ", never used"}
            </span>
            <button type="button" className="quiet danger" aria-label={`Revoke ${token.label || "token"}`} onClick={() => void revoke.run(token.id)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <h2>Sessions</h2>
      {sessions.isPending ? <Loading what="sessions" /> : null}
      {sessions.isError ? <Problem error={sessions.error} retry={() => sessions.refetch()} /> : null}
      <WriteError write={end} />
      <ul className="cards">
        {sessions.data?.items.map((session) => (
          <li key={session.id} className="card">
            <span className="card-title">{session.device || "Unknown browser"}</span>{" "}
            <span className="muted">
              {session.current ? "this browser, " : ""}since {new Date(session.createdAt).toLocaleDateString()}
            </span>
            {session.current ? null : (
              <button
                type="button"
                className="quiet danger"
                aria-label={`End the session of ${session.device || "an unknown browser"} since ${new Date(session.createdAt).toLocaleString()}`}
                onClick={() => void end.run(session.id)}
              >
                End
              </button>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
