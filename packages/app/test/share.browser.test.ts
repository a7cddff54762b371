// Sharing from the app, in real Chromium against the real server: an admin manages a team (creates it, adds
// and removes a colleague, deletes it), shares a space with a colleague (who then sees it, and only it) and
// takes it back, and shares a collection with a team.
import { accessibilityProblems, answered, at, type TestUser } from "@docstack/server/testing";
import type { Page } from "playwright-core";
import { snap, spaceWithPages, useAppServer } from "./support";

const app = useAppServer();
const { h } = app;

async function noAccessibilityProblems(page: Page, screen: string) {
  expect({ screen, problems: await accessibilityProblems(page) }).toEqual({ screen, problems: [] });
}
const said = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();
const nameOf = async (user: TestUser) => (await answered(h.as(user).GET("/v1/user"), 200)).displayName;
const teamsOf = async (admin: TestUser, organizationId: string) =>
  (await answered(h.as(admin).GET("/v1/orgs/{organizationId}/teams", at({ organizationId })), 200)).items;

describe("sharing from the app", () => {
  it("manages a team: creates it, adds and removes a colleague, deletes it", async () => {
    const org = await h.organization("Initech");
    const colleague = await h.member(org.id, "read");
    const name = await nameOf(colleague);
    const admin = await app.newPage();
    await app.signInThroughApi(admin, org.admin.email);
    await admin.getByRole("link", { name: "People" }).click();
    await admin.getByLabel("New team").fill("Accountants");
    await admin.getByRole("button", { name: "Create team" }).click();
    await admin.getByRole("button", { name: "Members of Accountants" }).click();
    await admin.getByLabel("Add to Accountants").selectOption({ label: `${name} (${colleague.email})` });
    await admin.getByRole("button", { name: "Add", exact: true }).click();
    const remove = admin.getByRole("button", { name: `Remove ${name} from Accountants` });
    await remove.waitFor();
    await noAccessibilityProblems(admin, "people with a team");
    await snap(admin, "people-teams-light");
    expect((await teamsOf(org.admin, org.id)).map((team) => [team.title, team.members])).toEqual([["Accountants", 1]]);

    await remove.click();
    await remove.waitFor({ state: "detached" });
    expect((await teamsOf(org.admin, org.id)).map((team) => [team.title, team.members])).toEqual([["Accountants", 0]]);
    admin.on("dialog", (dialog) => void dialog.accept());
    await admin.getByRole("button", { name: "Delete team Accountants" }).click();
    await admin.getByRole("button", { name: "Delete team Accountants" }).waitFor({ state: "detached" });
    expect(await teamsOf(org.admin, org.id)).toEqual([]);
    await admin.context().close();
  });

  it("shares a space with a colleague, who then sees it (and not the others), and takes it back", async () => {
    const org = await h.organization("Initrode");
    // A guest: sees only what is shared with them.
    const colleague = await h.member(org.id, null);
    const name = await nameOf(colleague);
    const space = await spaceWithPages(h, org.admin, org.id, "Payroll", [{ title: "Schedule", markdown: "Fridays." }]);
    await spaceWithPages(h, org.admin, org.id, "Board", [{ title: "Minutes", markdown: "Private." }]);
    const admin = await app.newPage();
    await app.signInThroughApi(admin, org.admin.email);
    await admin.goto(`/app/spaces/${space.id}`);
    await admin.getByRole("button", { name: "Share" }).click();
    await admin.getByLabel("With").selectOption({ label: `${name} (${colleague.email})` });
    await admin.getByLabel("Role", { exact: true }).selectOption("read");
    await admin.getByRole("button", { name: "Share", exact: true }).last().click();
    await said(admin, `Shared with ${name} (read).`);
    await noAccessibilityProblems(admin, "space shared");
    await snap(admin, "space-share-light");

    const guest = await app.newPage(360);
    await app.signInThroughApi(guest, colleague.email);
    await guest.getByRole("link", { name: "Payroll" }).click();
    await guest.getByRole("heading", { level: 1, name: "Schedule" }).waitFor();
    await expect(guest.getByRole("link", { name: "Board" }).count()).resolves.toBe(0);
    await guest.context().close();

    await admin.getByRole("button", { name: `Remove access of ${name}` }).click();
    await said(admin, `${name} no longer has it.`);
    const { response } = await h.as(colleague).GET("/v1/spaces/{spaceId}", at({ spaceId: space.id }));
    expect(response.status).toBe(404);
    await admin.context().close();
  });

  it("shares a collection with a team", async () => {
    const org = await h.organization("Hooli");
    const team = await answered(h.as(org.admin).PUT("/v1/orgs/{organizationId}/teams", { ...at({ organizationId: org.id }), body: { title: "Finance" } }), 201);
    const collection = await answered(
      h.as(org.admin).POST("/v1/orgs/{organizationId}/collections", { ...at({ organizationId: org.id }), body: { title: "Ledgers" } }),
      201,
    );
    const admin = await app.newPage();
    await app.signInThroughApi(admin, org.admin.email);
    await admin.goto(`/app/collections/${collection.id}`);
    await admin.getByLabel("With").selectOption({ label: "Finance" });
    await admin.getByLabel("Role", { exact: true }).selectOption("edit");
    await admin.getByRole("button", { name: "Share", exact: true }).click();
    await admin.getByRole("button", { name: "Remove access of team Finance" }).waitFor();
    await noAccessibilityProblems(admin, "collection shared");
    await snap(admin, "collection-share-light");
    const teams = await answered(h.as(org.admin).GET("/v1/collections/{collectionId}/permissions/teams", at({ collectionId: collection.id })), 200);
    expect(teams.items.map((item) => [item.team.id, item.permission])).toEqual([[team.id, "edit"]]);
    await admin.context().close();
  });
});
