// Single sign-on in the app, in real Chromium against the real server: an organization's SAML provider (the
// test IdP, which signs real assertions; its sign-in page is served by a small HTTP server on 127.0.0.1) offered on
// the sign-in screen, and a successful sign-in landing in the app with a session cookie; in the organization's
// settings, the team people joining through a provider are put in, chosen, kept through a reload, and cleared.
import { accessibilityProblems, answered, at, localServer, requestIdOf, samlResponse, testIdp } from "@docstack/server/testing";
import { checkScreen, signIn, snap, useAppServer } from "./support";

const app = useAppServer();
const { h, inbox } = app;

describe("SAML single sign-on in the app", () => {
  // Closed however the test ends: a failing test left it listening until the worker ended.
  let idpServer: Awaited<ReturnType<typeof localServer>> | undefined;
  afterEach(async () => {
    await idpServer?.close();
    idpServer = undefined;
  });

  it("is offered by the organization's sign-in link, and a valid assertion lands in the app signed in", async () => {
    // The identity provider's sign-in page answers the request with a signed assertion, posted by a form. It is served
    // for real (Playwright's routes do not see the redirect that leads there), on http: an https page posting a form
    // to this http server would stop at Chrome's "not secure" warning.
    let signInPage = (_url: URL) => "";
    idpServer = await localServer((request, response) => {
      response.writeHead(200, { "content-type": "text/html" }).end(signInPage(new URL(request.url ?? "/", "http://idp")));
    });
    const idp = { ...(await testIdp()), ssoURL: `${idpServer.base}/sso` };
    const org = await h.organization("Corp");
    const admin = h.as(org.admin);
    const provider = await answered(
      admin.POST("/v1/orgs/{organizationId}/saml", {
        ...at({ organizationId: org.id }),
        body: { label: "Corp IdP", entityID: idp.entityID, ssoURL: idp.ssoURL, certificate: idp.certificate, defaultRole: "read" as const },
      }),
      201,
    );
    // The app's server answers on its own port: its entity ID (the assertion's audience) and ACS URL (its
    // recipient) are on it.
    const entityID = `${app.url}/sso/saml/${provider.id}`;
    const acsURL = `${entityID}/acs`;
    const email = `sso-${org.id}@corp.example.test`;
    signInPage = (url) => {
      const response = samlResponse(idp, { email, inResponseTo: requestIdOf(url.href), audience: entityID, recipient: acsURL });
      const relayState = url.searchParams.get("RelayState") ?? "";
      return `<!doctype html><html lang="en"><title>Corp IdP</title><form method="post" action="${acsURL}">
        <input type="hidden" name="SAMLResponse" value="${response}"><input type="hidden" name="RelayState" value="${relayState}">
        <button type="submit">Continue to Docstack</button></form>`;
    };
    const page = await app.newPage();

    await page.goto(`/app/sign-in?sso=${provider.id}`);
    const sso = page.getByRole("link", { name: "Sign in with single sign-on" });
    await sso.waitFor();
    expect({ problems: await accessibilityProblems(page) }).toEqual({ problems: [] });
    await sso.click();
    await page.getByRole("button", { name: "Continue to Docstack" }).click();
    await page
      .getByRole("heading", { name: "Spaces" })
      .waitFor()
      .catch(async (error) => {
        throw new Error(`Not signed in at ${page.url()}: ${await page.locator("body").textContent()}`, { cause: error });
      });
    expect(new URL(page.url()).pathname).toBe("/app/");

    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === "docstack_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    const user = await h.api.get("/v1/user").set("Cookie", `docstack_session=${session!.value}`).expect(200);
    expect(user.body.email).toBe(email);
    // Neither the handoff nor the state is left in the browser.
    expect(cookies.map((cookie) => cookie.name).filter((name) => name.startsWith("docstack_saml"))).toEqual([]);

    // Signed out, the sign-in screen still offers it (the link is kept in this browser).
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByLabel("Email").waitFor();
    await sso.waitFor();
    await page.context().close();
  });

  it("says when single sign-on failed, and offers the e-mailed code", async () => {
    const page = await app.newPage();
    await page.goto("/app/sign-in?sso=failed");
    await page.getByRole("alert").filter({ hasText: "Single sign-on did not sign you in" }).waitFor();
    await page.getByLabel("Email").waitFor();
    await page.context().close();
  });

  it("chooses the team of people joining through a provider in the settings, kept through a reload, then none (dark, 360 px)", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const team = await answered(admin.PUT("/v1/orgs/{organizationId}/teams", { ...inOrg, body: { title: "Support" } }), 201);
    await answered(admin.PUT("/v1/orgs/{organizationId}/teams", { ...inOrg, body: { title: "Sales" } }), 201);
    const provider = await answered(admin.POST("/v1/orgs/{organizationId}/saml", { ...inOrg, body: { label: "Okta" } }), 201);
    const read = () => answered(admin.GET("/v1/orgs/{organizationId}/saml/{samlProviderId}", at({ organizationId: org.id, samlProviderId: provider.id })), 200);
    const page = await app.newPage(360);
    await signIn(page, inbox, org.admin.email);
    await page.getByLabel("Theme").selectOption("dark");
    await page.goto(`/app/orgs/${org.id}/settings`);
    const teamChoice = page.getByLabel("Team of people joining through it");
    await expect(teamChoice.inputValue()).resolves.toBe("");
    await teamChoice.selectOption({ label: "Support" });
    await page.getByLabel("Role of people joining through it").selectOption("edit");
    await page.getByRole("button", { name: "Save Okta" }).click();
    const form = page.getByRole("form", { name: "The identity provider's side of Okta" });
    await form.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    expect([(await read()).defaultTeam?.id, (await read()).defaultRole]).toEqual([team.id, "edit"]);
    await checkScreen(page, "settings, a SAML provider's team (dark, 360 px)");

    await page.reload();
    await expect(teamChoice.inputValue()).resolves.toBe(team.id);
    await expect(page.getByLabel("Role of people joining through it").inputValue()).resolves.toBe("edit");
    await teamChoice.selectOption({ label: "No team" });
    await page.getByRole("button", { name: "Save Okta" }).click();
    await form.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    expect((await read()).defaultTeam).toBeUndefined();
    await page.context().close();
  });

  it("enforces SSO from the settings only when nobody would be locked out, and says why not", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const page = await app.newPage(360);
    await signIn(page, inbox, org.admin.email);
    await page.goto(`/app/orgs/${org.id}/settings`);
    const enforce = page.getByLabel("Members sign in only through SAML (SSO enforced)");
    const problem = page.getByRole("alert");
    // No provider: nobody could sign in.
    await enforce.click();
    await problem.filter({ hasText: "no SAML provider" }).waitFor();
    await expect(enforce.isChecked()).resolves.toBe(false);
    // A provider, but this session came by e-mail code: it would lock its admin out.
    await answered(admin.POST("/v1/orgs/{organizationId}/saml", { ...inOrg, body: { label: "Okta" } }), 201);
    await page.reload();
    // By keyboard: the box takes focus and Space turns it.
    await enforce.focus();
    await page.keyboard.press("Space");
    await problem.filter({ hasText: "shut you out" }).waitFor();
    await expect(enforce.isChecked()).resolves.toBe(false);
    expect((await answered(admin.GET("/v1/orgs/{organizationId}", inOrg), 200)).sso).toBe(false);
    await checkScreen(page, "settings, SSO not enforced and why (360 px)");
    await snap(page, "settings, SSO not enforced and why (360 px)");
    // Turned on by the operator's token: the box says so once the screen reads the organization again.
    await answered(admin.PATCH("/v1/orgs/{organizationId}", { ...inOrg, body: { sso: true } }), 200);
    // A new e-mail code session: the organization is an outsider's to it.
    const other = await app.newPage();
    await signIn(other, inbox, org.admin.email, { landing: "No organization" });
    await snap(other, "signed in by e-mail code, the only organization enforcing SSO");
    await other.goto(`/app/orgs/${org.id}/settings`);
    await other.getByRole("alert").getByRole("heading", { name: "Not found" }).first().waitFor();
    await page.context().close();
    await other.context().close();
  });
});
