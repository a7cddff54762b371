// What the tests of the site areas set up: an organization with spaces, and sites made
// through the API.
import { answered, at, type Harness, requestsAs, type TestUser } from "./harness";

/** Docstack's public URL in these tests, so that published URLs are known in advance. */
export const PUBLIC_URL = "http://localhost:3000";

export function siteRequests(h: Harness) {
  const as = (user: TestUser) => {
    const requests = requestsAs(h, user);
    return { ...requests, del: requests.delete };
  };
  return { as };
}

export interface SiteOrg {
  id: string;
  admin: TestUser;
  /** Spaces made through the API, in the order of the titles given. */
  spaces: { id: string; title: string }[];
  sitesUrl: string;
}

/** A new organization (with a hostname when given) and spaces at its root with these titles. */
export async function orgWithSpaces(h: Harness, titles: readonly string[], hostname?: string): Promise<SiteOrg> {
  const org = await h.organization();
  if (hostname) await h.services.prisma.organization.update({ where: { id: org.id }, data: { hostname } });
  const spaces = [];
  for (const title of titles) {
    const res = await h.api.post(`/v1/orgs/${org.id}/spaces`).set("Authorization", org.admin.auth).send({ title }).expect(201);
    spaces.push({ id: res.body.id as string, title });
  }
  return { ...org, spaces, sitesUrl: `/v1/orgs/${org.id}/sites` };
}

/** Another space at the organization's root, made by its admin; its ID. */
export async function addSpace(h: Harness, org: SiteOrg, title: string): Promise<string> {
  const res = await h.api.post(`/v1/orgs/${org.id}/spaces`).set("Authorization", org.admin.auth).send({ title }).expect(201);
  return res.body.id as string;
}

/** A site made by the organization's admin; its URL in the API as `url`. */
export async function newSite(h: Harness, org: SiteOrg, body: object = {}): Promise<{ id: string; url: string; body: Record<string, unknown> }> {
  const res = await h.api.post(org.sitesUrl).set("Authorization", org.admin.auth).send(body);
  if (res.status !== 201) throw new Error(`Could not create a site: ${res.status} ${res.text}`);
  return { id: res.body.id as string, url: `${org.sitesUrl}/${res.body.id as string}`, body: res.body };
}

/** The site's site spaces (the first page), typed by the contract. */
export async function siteSpacesOf(h: Harness, org: SiteOrg, site: { id: string }) {
  const path = at({ organizationId: org.id, siteId: site.id });
  return (await answered(h.as(org.admin).GET("/v1/orgs/{organizationId}/sites/{siteId}/site-spaces", path), 200)).items;
}

/** The IDs of the items of a list answer, in order. */
export const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id);

/** A unique lower-case organization hostname. */
export const hostnameFor = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}`;
