// Visitor authentication of a site whose audience is "Visitor authentication": the key the customer's backend
// signs visitors' JWTs with (shown on demand, copied, regenerated), where visitors without a valid token are
// sent (the fallback URL), and where they log out.
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { Loading, Problem } from "../../ui/states";
import { WriteForm } from "../../ui/WriteForm";
import { CopyButton } from "./AdminNav";
import { siteKeys, usePublishingAuth } from "./site-queries";

interface Props {
  organizationId: string;
  siteId: string;
}

export function SiteVisitorAuth({ organizationId, siteId }: Props) {
  const auth = usePublishingAuth(organizationId, siteId);
  return (
    <section aria-labelledby="site-visitor-auth" className="admin-section">
      <h2 id="site-visitor-auth">Visitor authentication</h2>
      <p className="muted">
        Your backend signs each visitor a JWT with this key (HS256, with an expiry) and sends them to a page of the site with <code>?jwt_token=</code> and the
        token.
      </p>
      {auth.isPending ? <Loading what="the visitor authentication" /> : null}
      {auth.isError ? <Problem error={auth.error} retry={() => auth.refetch()} /> : null}
      {auth.data ? <Settings organizationId={organizationId} siteId={siteId} auth={auth.data} /> : null}
    </section>
  );
}

function Settings({ organizationId, siteId, auth }: Props & { auth: Schemas["SitePublishingAuth"] }) {
  const queries = useQueryClient();
  const path = { params: { path: { organizationId, siteId } } };
  const [shown, setShown] = useState(false);
  const [fallback, setFallback] = useState(auth.fallbackURL ?? "");
  const [logout, setLogout] = useState(auth.logoutURL ?? "");
  const [saved, setSaved] = useState(false);
  const keep = (answer: Schemas["SitePublishingAuth"]) => queries.setQueryData(siteKeys.publishingAuth(organizationId, siteId), answer);
  const regenerate = useWrite(async () => {
    if (!window.confirm("Tokens signed with the current key stop working at once. Make a new key?")) return;
    keep(await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate", path)));
    setShown(true);
  });
  const save = useWrite(async () => {
    setSaved(false);
    const body = { backend: "custom" as const, fallbackURL: fallback.trim() || null, logoutURL: logout.trim() || null };
    keep(await unwrap(api.PATCH("/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth", { ...path, body })));
    setSaved(true);
  });
  return (
    <>
      <p className="inline-form">
        <span>Signing key:</span> <code className="secret">{shown ? auth.privateKey : "•".repeat(16)}</code>
        <button type="button" className="quiet" aria-pressed={shown} onClick={() => setShown(!shown)}>
          Show the key
        </button>
        <CopyButton text={auth.privateKey} label="Copy the key" />
        <button type="button" className="quiet danger" disabled={regenerate.busy} onClick={() => void regenerate.run(undefined)}>
          Regenerate the key
        </button>
      </p>
      <WriteError write={regenerate} />
      <WriteForm
        write={save}
        submit="Save visitor authentication"
        className="stacked-form"
        label="Visitor authentication URLs"
        extra={saved ? <p role="status">Saved.</p> : null}
      >
        <label htmlFor="auth-fallback">Fallback URL: where a visitor without a valid token is sent (empty: a 401 page)</label>
        <input id="auth-fallback" type="url" placeholder="https://example.com/sign-in" value={fallback} onChange={(event) => setFallback(event.target.value)} />
        <label htmlFor="auth-logout">Logout URL</label>
        <input id="auth-logout" type="url" placeholder="https://example.com/sign-out" value={logout} onChange={(event) => setLogout(event.target.value)} />
      </WriteForm>
    </>
  );
}
