// Search that forgives: misspelt words, the word being typed, identifiers written with
// punctuation, and a query split between a page's title and one of its sections.
import { contentHelpers, insertPage } from "../../../test/support/content";
import { type TestUser, useHarness } from "../../../test/support/harness";

const h = useHarness();
const c = contentHelpers(h);

const titles = async (user: TestUser, url: string) =>
  (await h.api.get(url).set("Authorization", user.auth).expect(200)).body.items.map((page: { title: string }) => page.title);

describe("forgiving search", () => {
  let admin: TestUser;
  let organizationId: string;
  let spaceUrl: string;

  beforeAll(async () => {
    const org = await h.organization();
    [admin, organizationId] = [org.admin, org.id];
    const space = await c.createSpace(org.admin, org.id, "Manual");
    spaceUrl = `/v1/spaces/${space.id}/search`;
    await c.publish(org.admin, space.id, [
      insertPage("Webhooks", "Events are posted to your endpoint.\n\n## Verifying signatures\n\nEach request carries an HMAC of its body."),
      insertPage("Client authentication", "Edit pg_hba.conf to allow a host.\n\n## Functions\n\nWrite them in PL/pgSQL."),
      insertPage("Servers", "Import node:http and call createServer.\n\n## Arrays\n\nArray.prototype.map returns a new array."),
      insertPage("Kubernetes", "Deploy the chart with helm.\n\n## Replication\n\nStandby servers follow the primary."),
      insertPage("Unrelated", "Nothing about map files or http headers here; the plan is a prototype."),
      insertPage("Sockets", "Idle sockets are closed after the keep-alive timeout."),
      insertPage("Proxies", "The proxy sends keepalive probes to the backend."),
      insertPage("Connection pooling", "PgBouncer keeps server connections open.\n\n## Transaction mode\n\nA connection serves one transaction only."),
    ]);
  });

  const query = (text: string) => titles(admin, `${spaceUrl}?query=${encodeURIComponent(text)}`);

  it("finds a word with one or two wrong letters", async () => {
    expect(await query("kubernets ")).toEqual(["Kubernetes"]);
    expect(await query("replicaton ")).toEqual(["Kubernetes"]);
    expect(await query("sigantures ")).toEqual(["Webhooks"]);
    // A correct word is not corrected to others.
    expect(await query("helm ")).toEqual(["Kubernetes"]);
  });

  it("finds a four-letter word with one wrong letter, and two words written as one or joined by a hyphen", async () => {
    expect(await query("aray map ")).toEqual(["Servers"]);
    // Only a word that is none of the space's words is corrected: `plan` stays `plan`.
    expect(await query("plan ")).toEqual(["Unrelated"]);
    expect(await query("keepalive timout ")).toEqual(["Sockets"]);
    expect((await query("keepalive ")).sort()).toEqual(["Proxies", "Sockets"]);
    expect(await query("keep-alive probes ")).toEqual(["Proxies"]);
  });

  it("completes the word being typed, not a word followed by a space", async () => {
    expect(await query("replic")).toEqual(["Kubernetes"]);
    expect(await query("standby prim")).toEqual(["Kubernetes"]);
    expect(await query("hel")).toEqual(["Kubernetes"]);
    expect(await query("hel ")).toEqual([]);
  });

  it("finds identifiers written with punctuation, as written", async () => {
    expect(await query("pg_hba.conf")).toEqual(["Client authentication"]);
    expect(await query("PL/pgSQL")).toEqual(["Client authentication"]);
    expect(await query("node:http")).toEqual(["Servers"]);
    expect((await query("Array.prototype.map"))[0]).toBe("Servers");
  });

  it("finds a page whose title holds some words of the query and a section the others", async () => {
    expect(await query("webhook signature verification")).toEqual(["Webhooks"]);
    // The words must all be there, between the title and one section.
    expect(await query("webhook signature kubernetes")).toEqual([]);
  });

  it("finds a page whose intro holds some words of the query and a section the others, and shows that section", async () => {
    const res = await h.api
      .get(`${spaceUrl}?query=${encodeURIComponent("pgbouncer transaction mode ")}`)
      .set("Authorization", admin.auth)
      .expect(200);
    expect(res.body.items.map((page: { title: string }) => page.title)).toEqual(["Connection pooling"]);
    expect(res.body.items[0].sections.map((section: { title: string }) => section.title)).toContain("Transaction mode");
    // Between the intro and one section: words of two sections apart from the intro do not join.
    expect(await query("transaction proxy ")).toEqual([]);
  });

  it("corrects to the words of the space's current revision, once a merge brings them", async () => {
    expect(await query("observabilty ")).toEqual([]);
    const space = await h.services.prisma.space.findFirstOrThrow({ where: { organizationId, title: "Manual" } });
    await c.publish(admin, space.id, [insertPage("Observability", "Metrics and traces.")]);
    expect(await query("observabilty ")).toEqual(["Observability"]);
  });

  it("forgives in an organization's search too", async () => {
    const res = await h.api.get(`/v1/orgs/${organizationId}/search?query=kubernets%20`).set("Authorization", admin.auth).expect(200);
    expect(res.body.items[0].pages.map((page: { title: string }) => page.title)).toEqual(["Kubernetes"]);
  });
});
