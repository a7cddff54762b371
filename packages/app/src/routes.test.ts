import { appPath, parseRoute } from "./routes";

describe("the app's routes", () => {
  it("open the screen of every kind of urls.app the API answers", () => {
    expect(parseRoute("/app/")).toEqual({ screen: "home" });
    expect(parseRoute("/app")).toEqual({ screen: "home" });
    expect(parseRoute("/app/orgs/o1")).toEqual({ screen: "home", organizationId: "o1" });
    expect(parseRoute("/app/collections/c1")).toEqual({ screen: "collection", collectionId: "c1" });
    expect(parseRoute("/app/spaces/s1")).toEqual({ screen: "space", spaceId: "s1" });
    expect(parseRoute("/app/spaces/s1/pages/p1")).toEqual({ screen: "space", spaceId: "s1", pageId: "p1" });
    expect(parseRoute("/app/spaces/s1/revisions/r1")).toEqual({ screen: "space", spaceId: "s1" });
    expect(parseRoute("/app/spaces/s1/change-requests/7")).toEqual({ screen: "change-request", spaceId: "s1", number: "7" });
    expect(parseRoute("/app/spaces/s1/change-requests/7/edit/p1")).toEqual({ screen: "edit-page", spaceId: "s1", number: "7", pageId: "p1" });
    expect(parseRoute("/app/spaces/s1/change-requests/7/preview")).toEqual({ screen: "change-request-preview", spaceId: "s1", number: "7" });
    expect(parseRoute("/app/spaces/s1/change-requests/7/preview/p1")).toEqual({ screen: "change-request-preview", spaceId: "s1", number: "7", pageId: "p1" });
    expect(parseRoute("/app/orgs/o1/sites/x")).toEqual({ screen: "site", organizationId: "o1", siteId: "x" });
    expect(parseRoute("/app/orgs/o1/audit-log")).toEqual({ screen: "admin", organizationId: "o1", section: "audit-log" });
    expect(parseRoute("/app/orgs/o1/git-sync/s1")).toEqual({ screen: "admin", organizationId: "o1", section: "git-sync", spaceId: "s1" });
    expect(parseRoute("/app/orgs/o1/openapi/petstore")).toEqual({ screen: "spec", organizationId: "o1", slug: "petstore" });
    expect(parseRoute("/app/integrations/slack")).toEqual({ screen: "integration", name: "slack" });
    expect(parseRoute("/app/users/u1")).toEqual({ screen: "user", userId: "u1" });
  });

  it("open the app's own screens that no urls.app names", () => {
    expect(parseRoute("/app/orgs/o1/deleted-spaces")).toEqual({ screen: "deleted-spaces", organizationId: "o1" });
    expect(parseRoute("/app/orgs/o1/members")).toEqual({ screen: "members", organizationId: "o1" });
    expect(parseRoute("/app/account")).toEqual({ screen: "account" });
  });

  it("answer the 404 screen for anything else, and decode segments safely", () => {
    expect(parseRoute("/app/nothing/here")).toEqual({ screen: "not-found" });
    expect(parseRoute("/app/spaces/a%20b")).toEqual({ screen: "space", spaceId: "a b" });
    expect(parseRoute("/app/spaces/%E0%A4%A")).toEqual({ screen: "space", spaceId: "%E0%A4%A" });
  });

  it("keep only the app's own links in the app", () => {
    expect(appPath("http://docs.test/app/spaces/s1/pages/p1#usage", "http://docs.test")).toBe("/app/spaces/s1/pages/p1#usage");
    expect(appPath("https://elsewhere.test/app/spaces/s1", "http://docs.test")).toBeUndefined();
    expect(appPath("http://docs.test/v1/spaces/s1", "http://docs.test")).toBeUndefined();
  });
});
