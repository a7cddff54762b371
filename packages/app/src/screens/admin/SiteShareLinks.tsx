// A site's share links: secret links giving readers the site while its audience is "Share links". Each is
// created with a name (who it is for), its URL copied in one click, turned off and on, or revoked for good.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { Empty, Loading, Problem } from "../../ui/states";
import { WriteForm } from "../../ui/WriteForm";
import { CopyButton } from "./AdminNav";
import { siteKeys, useShareLinks } from "./site-queries";

interface Props {
  organizationId: string;
  siteId: string;
  /** Links give access only while this is `share-link`. */
  visibility: string;
}

export function SiteShareLinks({ organizationId, siteId, visibility }: Props) {
  const links = useShareLinks(organizationId, siteId);
  const queries = useQueryClient();
  const [name, setName] = useState("");
  const refresh = () => queries.invalidateQueries({ queryKey: siteKeys.shareLinks(organizationId, siteId) });
  const at = (shareLinkId: string) => ({ params: { path: { organizationId, siteId, shareLinkId } } });
  const create = useWrite(async () => {
    await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/share-links", { params: { path: { organizationId, siteId } }, body: { name } }));
    setName("");
    await refresh();
  });
  const turn = useWrite(async ({ id, active }: { id: string; active: boolean }) => {
    await unwrap(api.PATCH("/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}", { ...at(id), body: { active } }));
    await refresh();
  });
  const revoke = useWrite(async (id: string) => {
    await unwrap(api.DELETE("/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}", at(id)));
    await refresh();
  });
  return (
    <section aria-labelledby="site-share-links" className="admin-section">
      <h2 id="site-share-links">Share links</h2>
      {visibility === "share-link" ? null : (
        <p className="muted">These links let readers in only while "Who can read it" is "Share links" and the site is published.</p>
      )}
      {links.isPending ? <Loading what="share links" /> : null}
      {links.isError ? <Problem error={links.error} retry={() => links.refetch()} /> : null}
      {links.data?.items.length === 0 ? <Empty>No share links yet.</Empty> : null}
      <ul className="cards">
        {links.data?.items.map((link) => {
          const title = link.name || "Unnamed link";
          return (
            <li key={link.id} className="card">
              <span className="card-title">{title}</span>
              <span className="badge">{link.active === false ? "Off" : "Active"}</span>
              <code className="url">{link.urls.published}</code>
              <span className="card-actions">
                <CopyButton text={link.urls.published} label={`Copy the link ${title}`} />
                <button type="button" className="quiet" disabled={turn.busy} onClick={() => void turn.run({ id: link.id, active: link.active === false })}>
                  {link.active === false ? `Turn on ${title}` : `Turn off ${title}`}
                </button>
                <button type="button" className="quiet danger" aria-label={`Revoke the link ${title}`} onClick={() => void revoke.run(link.id)}>
                  Revoke
                </button>
              </span>
            </li>
          );
        })}
      </ul>
      <WriteError write={turn} />
      <WriteError write={revoke} />
      <WriteForm write={create} submit="Create share link" label="New share link">
        <label htmlFor="share-link-name">Name of a new link (who it is for)</label>
        <input id="share-link-name" maxLength={50} value={name} onChange={(event) => setName(event.target.value)} />
      </WriteForm>
    </section>
  );
}
