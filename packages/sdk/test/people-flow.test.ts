// The whole flow of bringing a colleague in, end to end, against a live server process sending
// real e-mail to an SMTP server in this process: invite, the e-mails, signing in with the code,
// seeing exactly what was shared, and losing it when it is no longer shared.
import { type Inbox, startInbox } from "../../server/test/support/smtp";
import { createClient, type DocstackClient, unwrap } from "../src/index";
import { type LiveServer, START_TIMEOUT_MS, startLiveServer, stopLiveServer } from "./live-server";

let inbox: Inbox;
let server: LiveServer;
let admin: DocstackClient;

beforeAll(async () => {
  inbox = await startInbox();
  server = await startLiveServer({ DOCSTACK_SMTP_URL: inbox.url, DOCSTACK_MAIL_FROM: "Docstack <docs@acme.test>" });
  admin = createClient({ baseUrl: server.url, token: server.token });
}, START_TIMEOUT_MS);

afterAll(async () => {
  if (server) await stopLiveServer(server);
  await inbox?.close();
});

it("brings a colleague in with the API and their e-mail alone, shares one private space with them, then stops", async () => {
  const organizationId = server.organizationId;
  const org = { params: { path: { organizationId } } };
  // Two spaces nobody reaches by default: one to share, one the colleague must never see.
  const shared = await unwrap(admin.POST("/v1/orgs/{organizationId}/spaces", { ...org, body: { title: "Roadmap" } }));
  const other = await unwrap(admin.POST("/v1/orgs/{organizationId}/spaces", { ...org, body: { title: "Salaries" } }));
  for (const space of [shared, other]) {
    await unwrap(admin.PATCH("/v1/spaces/{spaceId}", { params: { path: { spaceId: space.id } }, body: { defaultLevel: null } }));
  }

  // Invited by e-mail: a member with the read role, and an invitation in their inbox.
  const email = "grace.hopper@acme.test";
  const invited = await unwrap(admin.POST("/v1/orgs/{organizationId}/invites", { ...org, body: { emails: [email], role: "read" } }));
  expect(invited.invited).toBe(1);
  const invitation = await inbox.waitFor(email);
  expect(invitation.from?.value[0]?.address).toBe("docs@acme.test");
  const link = /Sign in: (\S+)/.exec(invitation.text ?? "")?.[1] as string;
  expect(link).toBe(`${server.url}/sign-in#email=${encodeURIComponent(email)}`);
  expect((await fetch(new URL(link).origin + new URL(link).pathname)).status).toBe(200);

  // Signing in with the code they are e-mailed, without any token.
  const anonymous = createClient({ baseUrl: server.url });
  await unwrap(anonymous.POST("/v1/auth/email", { body: { email } }));
  const codeMail = await inbox.waitFor(email, (mail) => mail.subject === "Your Docstack sign-in code");
  const code = /^Code: (\d{8})$/m.exec(codeMail.text ?? "")?.[1] as string;
  const { token, user } = await unwrap(anonymous.POST("/v1/auth/email/verify", { body: { email, code } }));
  expect(user.id).toBe(invited.users[0]);
  const grace = createClient({ baseUrl: server.url, token });
  const titles = async () => (await unwrap(grace.GET("/v1/orgs/{organizationId}/spaces", org))).items.map((space) => space.title);
  expect(await titles()).toEqual([]);

  // Shared with them: exactly that space, at the level given.
  await unwrap(admin.POST("/v1/spaces/{spaceId}/permissions", { params: { path: { spaceId: shared.id } }, body: { role: "edit", users: [user.id] } }));
  expect(await titles()).toEqual(["Roadmap"]);
  const seen = await unwrap(grace.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId: shared.id } } }));
  expect(seen.permissions).toMatchObject({ view: true, edit: true, admin: false });
  await unwrap(grace.POST("/v1/spaces/{spaceId}/change-requests", { params: { path: { spaceId: shared.id } }, body: { subject: "Q3 plans" } }));
  const hidden = await grace.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId: other.id } } });
  expect(hidden.response.status).toBe(404);

  // No longer shared: gone at once.
  const removed = await admin.DELETE("/v1/spaces/{spaceId}/permissions/users/{userId}", { params: { path: { spaceId: shared.id, userId: user.id } } });
  expect(removed.response.status).toBe(205);
  expect(await titles()).toEqual([]);
  expect((await grace.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId: shared.id } } })).response.status).toBe(404);

  // And out of the organization: nothing of it is reachable with their token.
  await unwrap(admin.DELETE("/v1/orgs/{organizationId}/members/{userId}", { params: { path: { organizationId, userId: user.id } } }));
  expect((await grace.GET("/v1/orgs/{organizationId}", org)).response.status).toBe(404);
});
