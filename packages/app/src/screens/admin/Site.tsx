// One site: publish or unpublish it ("Publish"), its audience (share links, visitor authentication), its URL
// opened in one click, the spaces it publishes (added and removed) and its sections, its redirects, its look.
// One page whose parts are listed at its top ("On this page"), each part in a file of its own.
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useSpaces } from "../../queries";
import { useWrite, WriteError } from "../../ui/forms";
import { SpaceOptions } from "../../ui/SpaceOptions";
import { Empty, Loading, Problem } from "../../ui/states";
import { WriteForm } from "../../ui/WriteForm";
import { adminKeys, useSite, useSiteSpaces } from "./queries";
import { SiteCustomization } from "./SiteCustomization";
import { SiteRedirects } from "./SiteRedirects";
import { SiteSections } from "./SiteSections";
import { SiteShareLinks } from "./SiteShareLinks";
import { SiteVisitorAuth } from "./SiteVisitorAuth";
import { useRefreshStructure } from "./site-queries";

type Visibility = Schemas["SiteVisibility"];
const VISIBILITIES: Record<Visibility, string> = {
  public: "Public: anyone, indexed by search engines",
  unlisted: "Unlisted: anyone with the link, not indexed",
  "share-link": "Share links: anyone with a secret link",
  "visitor-auth": "Visitor authentication: readers signed in by your own system",
};

/** The page's parts, by the ID of their heading. */
const PARTS = [
  ["site-publishing", "Publishing"],
  ["site-share-links", "Share links"],
  ["site-visitor-auth", "Visitor authentication"],
  ["site-spaces", "Spaces"],
  ["site-sections", "Sections"],
  ["site-redirects", "Redirects"],
  ["site-customization", "Look"],
] as const;

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
      <nav aria-label="On this page" className="site-parts">
        <ul>
          {PARTS.filter(([id]) => id !== "site-visitor-auth" || data.visibility === "visitor-auth").map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
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
      <SiteShareLinks organizationId={organizationId} siteId={siteId} visibility={data.visibility} />
      {data.visibility === "visitor-auth" ? <SiteVisitorAuth organizationId={organizationId} siteId={siteId} /> : null}
      <SiteSpaces organizationId={organizationId} siteId={siteId} />
      <SiteSections organizationId={organizationId} siteId={siteId} />
      <SiteRedirects organizationId={organizationId} siteId={siteId} />
      <SiteCustomization organizationId={organizationId} siteId={siteId} title={data.title} />
    </>
  );
}

function SiteSpaces({ organizationId, siteId }: Props) {
  const siteSpaces = useSiteSpaces(organizationId, siteId);
  const spaces = useSpaces(organizationId);
  const [spaceId, setSpaceId] = useState("");
  const refresh = useRefreshStructure(organizationId, siteId);
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
      <WriteForm write={add} submit="Add to the site" label="Add a space to the site">
        <label htmlFor="site-add-space">Add a space</label>
        <select id="site-add-space" required value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
          <SpaceOptions spaces={addable} />
        </select>
      </WriteForm>
    </section>
  );
}
