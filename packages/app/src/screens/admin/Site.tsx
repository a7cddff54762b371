// One site: publish or unpublish it ("Publish"), its audience, its URL opened in one click, the spaces it
// publishes (added and removed), its redirects (listed, created, deleted), its colors and logo.
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useSpaces } from "../../queries";
import { useWrite, WriteError } from "../../ui/forms";
import { Empty, Loading, Problem } from "../../ui/states";
import { adminKeys, useRedirects, useSite, useSiteSpaces } from "./queries";
import { SiteCustomization } from "./SiteCustomization";

type Visibility = Schemas["SiteVisibility"];
const VISIBILITIES: Record<Visibility, string> = {
  public: "Public: anyone, indexed by search engines",
  unlisted: "Unlisted: anyone with the link, not indexed",
  "share-link": "Share links: anyone with a secret link",
  "visitor-auth": "Visitor authentication: readers signed in by your own system",
};

interface Props {
  organizationId: string;
  siteId: string;
}

export default function Site({ organizationId, siteId }: Props) {
  const site = useSite(organizationId, siteId);
  const queries = useQueryClient();
  const path = { params: { path: { organizationId, siteId } } };
  const refresh = (data?: Schemas["Site"]) => {
    if (data) queries.setQueryData(adminKeys.site(organizationId, siteId), data);
    return queries.invalidateQueries({ queryKey: adminKeys.sites(organizationId) });
  };
  const publish = useWrite(async (on: boolean) => {
    const answer = on
      ? await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/publish", path))
      : await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/unpublish", path));
    await refresh(answer);
  });
  const audience = useWrite(async (visibility: Visibility) => {
    await refresh(await unwrap(api.PATCH("/v1/orgs/{organizationId}/sites/{siteId}", { ...path, body: { visibility } })));
  });

  if (site.isError) return <Problem error={site.error} retry={() => site.refetch()} />;
  if (site.isPending) return <Loading what="the site" />;
  const { data } = site;
  return (
    <>
      <h1>Site: {data.title}</h1>
      <section aria-labelledby="site-publishing" className="admin-section">
        <h2 id="site-publishing">Publishing</h2>
        <p>
          <span className="badge">{data.published ? "Published" : "Not published"}</span>{" "}
          {data.published ? (
            data.urls.published ? (
              <a href={data.urls.published} target="_blank" rel="noreferrer">
                Open the site <span className="muted">({data.urls.published})</span>
              </a>
            ) : (
              <span className="muted">Readers reach it through its share links.</span>
            )
          ) : (
            <span className="muted">Only members of the organization see it, here.</span>
          )}
        </p>
        <p className="inline-form">
          {data.published ? (
            <button type="button" className="quiet" disabled={publish.busy} onClick={() => void publish.run(false)}>
              Unpublish
            </button>
          ) : (
            <button type="button" disabled={publish.busy || data.siteSpaces === 0} onClick={() => void publish.run(true)}>
              Publish
            </button>
          )}
          {!data.published && data.siteSpaces === 0 ? <span className="muted">Add a space below before publishing.</span> : null}
        </p>
        <WriteError write={publish} />
        <label htmlFor="site-visibility">Who can read it</label>{" "}
        <select id="site-visibility" value={data.visibility} disabled={audience.busy} onChange={(event) => void audience.run(event.target.value as Visibility)}>
          {Object.entries(VISIBILITIES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <WriteError write={audience} />
      </section>
      <SiteSpaces organizationId={organizationId} siteId={siteId} />
      <Redirects organizationId={organizationId} siteId={siteId} />
      <SiteCustomization organizationId={organizationId} siteId={siteId} title={data.title} />
    </>
  );
}

function SiteSpaces({ organizationId, siteId }: Props) {
  const siteSpaces = useSiteSpaces(organizationId, siteId);
  const spaces = useSpaces(organizationId);
  const queries = useQueryClient();
  const [spaceId, setSpaceId] = useState("");
  const refresh = () =>
    Promise.all([
      queries.invalidateQueries({ queryKey: adminKeys.siteSpaces(organizationId, siteId) }),
      queries.invalidateQueries({ queryKey: adminKeys.site(organizationId, siteId) }),
    ]);
  const add = useWrite(async () => {
    await unwrap(api.POST("/v1/orgs/{organizationId}/sites/{siteId}/site-spaces", { params: { path: { organizationId, siteId } }, body: { spaceId } }));
    setSpaceId("");
    await refresh();
  });
  const remove = useWrite(async (siteSpaceId: string) => {
    await unwrap(
      api.DELETE("/v1/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}", { params: { path: { organizationId, siteId, siteSpaceId } } }),
    );
    await refresh();
  });
  const published = new Set(siteSpaces.data?.items.map((item) => item.space.id));
  const addable = spaces.data?.items.filter((space) => !published.has(space.id)) ?? [];
  return (
    <section aria-labelledby="site-spaces" className="admin-section">
      <h2 id="site-spaces">Spaces</h2>
      {siteSpaces.isPending ? <Loading what="the site's spaces" /> : null}
      {siteSpaces.isError ? <Problem error={siteSpaces.error} retry={() => siteSpaces.refetch()} /> : null}
      {siteSpaces.data?.items.length === 0 ? <Empty>The site publishes no space yet.</Empty> : null}
      <ul className="cards">
        {siteSpaces.data?.items.map((item) => (
          <li key={item.id} className="card">
            <span className="card-title">{item.title}</span> <span className="muted">/{item.path}</span>
            {item.default ? <span className="badge">default</span> : null}
            <span className="card-actions">
              <button type="button" className="quiet danger" aria-label={`Remove ${item.title} from the site`} onClick={() => void remove.run(item.id)}>
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
      <WriteError write={remove} />
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void add.run(undefined);
        }}
      >
        <label htmlFor="site-add-space">Add a space</label>
        <select id="site-add-space" required value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
          <option value="">Choose a space</option>
          {addable.map((space) => (
            <option key={space.id} value={space.id}>
              {space.title}
            </option>
          ))}
        </select>
        <button type="submit" disabled={add.busy}>
          Add to the site
        </button>
        <WriteError write={add} />
      </form>
    </section>
  );
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

function Redirects({ organizationId, siteId }: Props) {
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
      {redirects.isPending ? <Loading what="redirects" /> : null}
      {redirects.isError ? <Problem error={redirects.error} retry={() => redirects.refetch()} /> : null}
      {redirects.data?.items.length === 0 ? <Empty>No redirects: every path of the site is served as it is.</Empty> : null}
      <ul className="cards">
        {redirects.data?.items.map((redirect) => (
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
      <form
        className="stacked-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run(undefined);
        }}
      >
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
        <button type="submit" disabled={create.busy}>
          Create redirect
        </button>
        <WriteError write={create} />
      </form>
    </section>
  );
}
