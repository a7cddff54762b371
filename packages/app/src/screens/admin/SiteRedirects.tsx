// A site's redirects: listed, created one at a time (to a URL or a page of one of the site's spaces) or in
// bulk (SiteBulkRedirects), deleted.
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { Empty, Loading, Problem } from "../../ui/states";
import { WriteForm } from "../../ui/WriteForm";
import { adminKeys, useRedirects, useSiteSpaces } from "./queries";
import { SiteBulkRedirects } from "./SiteBulkRedirects";

interface Props {
  organizationId: string;
  siteId: string;
}

function describe(destination: Schemas["SiteRedirect"]["destination"], titles: Map<string, string>): string {
  switch (destination.kind) {
    case "external":
      return destination.url;
    case "site-page":
      return `a page of ${titles.get(destination.siteSpaceId) ?? "a space"}`;
    case "site-space":
      return titles.get(destination.siteSpaceId) ?? "a space of the site";
    case "site-section":
      return "a section of the site";
  }
}

export function SiteRedirects({ organizationId, siteId }: Props) {
  const redirects = useRedirects(organizationId, siteId);
  const siteSpaces = useSiteSpaces(organizationId, siteId);
  const queries = useQueryClient();
  const [source, setSource] = useState("");
  const [kind, setKind] = useState<"external" | "path">("external");
  const [url, setUrl] = useState("");
  const [spaceId, setSpaceId] = useState("");
  const [pagePath, setPagePath] = useState("");
  const [permanent, setPermanent] = useState(true);
  const titles = new Map(siteSpaces.data?.items.map((item) => [item.id, item.title]));
  // A redirect to a page names its space: the list waits for the site's spaces (a reload asks for both at once), so
  // it never reads "a page of a space" first; spaces that failed to load leave that wording.
  const listed = siteSpaces.isPending ? undefined : redirects.data;
  const refresh = () => queries.invalidateQueries({ queryKey: adminKeys.redirects(organizationId, siteId) });
  const path = { params: { path: { organizationId, siteId } } };
  const create = useWrite(async () => {
    const destination = kind === "external" ? { kind, url } : { kind, spaceId, path: pagePath.replace(/^\/+/, "") };
    await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/redirects", { ...path, body: { source, destination, permanent } }));
    setSource("");
    setUrl("");
    setPagePath("");
    await refresh();
  });
  const remove = useWrite(async (siteRedirectId: string) => {
    await unwrap(
      api.DELETE("/v1/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}", { params: { path: { organizationId, siteId, siteRedirectId } } }),
    );
    await refresh();
  });
  return (
    <section aria-labelledby="site-redirects" className="admin-section">
      <h2 id="site-redirects">Redirects</h2>
      {!listed && !redirects.isError ? <Loading what="redirects" /> : null}
      {redirects.isError ? <Problem error={redirects.error} retry={() => redirects.refetch()} /> : null}
      {listed?.items.length === 0 ? <Empty>No redirects: every path of the site is served as it is.</Empty> : null}
      <ul className="cards">
        {listed?.items.map((redirect) => (
          <li key={redirect.id} className="card">
            <code>{redirect.source}</code> <span aria-hidden="true">→</span>
            <span className="visually-hidden">to</span> <span>{describe(redirect.destination, titles)}</span>
            <span className="muted">{redirect.permanent ? "permanent (308)" : "temporary (307)"}</span>
            <span className="card-actions">
              <button
                type="button"
                className="quiet danger"
                aria-label={`Delete the redirect of ${redirect.source}`}
                onClick={() => void remove.run(redirect.id)}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      <WriteError write={remove} />
      <WriteForm write={create} submit="Create redirect" className="stacked-form" label="New redirect">
        <h3>New redirect</h3>
        <label htmlFor="redirect-source">From the path</label>
        <input id="redirect-source" required placeholder="/old/path" pattern="/.*" value={source} onChange={(event) => setSource(event.target.value)} />
        <label htmlFor="redirect-kind">To</label>
        <select id="redirect-kind" value={kind} onChange={(event) => setKind(event.target.value as "external" | "path")}>
          <option value="external">A URL</option>
          <option value="path">A page of one of the site's spaces</option>
        </select>
        {kind === "external" ? (
          <>
            <label htmlFor="redirect-url">URL</label>
            <input id="redirect-url" type="url" required placeholder="https://example.com/new" value={url} onChange={(event) => setUrl(event.target.value)} />
          </>
        ) : (
          <>
            <label htmlFor="redirect-space">Space</label>
            <select id="redirect-space" required value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
              <option value="">Choose a space</option>
              {siteSpaces.data?.items.map((item) => (
                <option key={item.id} value={item.space.id}>
                  {item.title}
                </option>
              ))}
            </select>
            <label htmlFor="redirect-page">Path of the page</label>
            <input id="redirect-page" required placeholder="guides/install" value={pagePath} onChange={(event) => setPagePath(event.target.value)} />
          </>
        )}
        <label className="check">
          <input type="checkbox" checked={permanent} onChange={(event) => setPermanent(event.target.checked)} /> Permanent (308; else 307)
        </label>
      </WriteForm>
      <SiteBulkRedirects organizationId={organizationId} siteId={siteId} />
    </section>
  );
}
