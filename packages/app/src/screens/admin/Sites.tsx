// The organization's sites: each with its state and link, and a form creating one (optionally publishing a
// space at once); a site's own screen (Site.tsx) does the rest.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { navigate } from "../../navigation";
import { useSpaces } from "../../queries";
import { useWrite } from "../../ui/forms";
import { AppLink, Empty, Loading, Problem } from "../../ui/states";
import { WriteForm } from "../../ui/WriteForm";
import { adminKeys, useSites } from "./queries";

export default function Sites({ organizationId }: { organizationId: string }) {
  const sites = useSites(organizationId);
  const spaces = useSpaces(organizationId);
  const queries = useQueryClient();
  const [title, setTitle] = useState("");
  const [spaceId, setSpaceId] = useState("");

  const create = useWrite(async () => {
    const made = await unwrap(
      api.POST("/v1/orgs/{organizationId}/sites", { params: { path: { organizationId } }, body: { title, ...(spaceId ? { spaces: [spaceId] } : {}) } }),
    );
    setTitle("");
    await queries.invalidateQueries({ queryKey: adminKeys.sites(organizationId) });
    navigate(`/app/orgs/${organizationId}/sites/${made.id}`);
  });

  return (
    <>
      <h1>Sites</h1>
      <WriteForm write={create} submit="Create site" label="New site">
        <label htmlFor="site-title">Title of a new site</label>
        <input id="site-title" required minLength={2} maxLength={128} value={title} onChange={(event) => setTitle(event.target.value)} />
        <label htmlFor="site-space">First space</label>
        <select id="site-space" value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
          <option value="">None yet</option>
          {spaces.data?.items.map((space) => (
            <option key={space.id} value={space.id}>
              {space.title}
            </option>
          ))}
        </select>
      </WriteForm>
      {sites.isPending ? <Loading what="sites" /> : null}
      {sites.isError ? <Problem error={sites.error} retry={() => sites.refetch()} /> : null}
      {sites.data?.items.length === 0 ? <Empty>No sites yet: create one above, then add the spaces it publishes.</Empty> : null}
      <ul className="cards">
        {sites.data?.items.map((site) => (
          <li key={site.id} className="card">
            <AppLink to={`/app/orgs/${organizationId}/sites/${site.id}`} className="card-title">
              {site.title}
            </AppLink>
            <span className="badge">{site.published ? "Published" : "Not published"}</span>
            <span className="muted">
              {site.visibility}, {site.siteSpaces} {site.siteSpaces === 1 ? "space" : "spaces"}
            </span>
            {site.urls.published ? (
              <a className="card-actions" href={site.urls.published} target="_blank" rel="noreferrer">
                Open {site.title}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
