// Joining an organization by e-mail domain through GitBook's client. It needs users outside the organization
// whose addresses are verified, which signing in by e-mail gives (and only users can sign in: they are made by an
// invitation to another organization). This file starts a live server of its own that sends its e-mail to an SMTP
// server in this process, and reads the sign-in codes there.

import { type LiveServer, START_TIMEOUT_MS, startLiveServer, stopLiveServer } from "../../sdk/test/live-server";
import { type Inbox, startInbox } from "../../server/test/support/smtp";
import { gitbook, statusOf } from "./gitbook";

let inbox: Inbox;
let live: LiveServer;

beforeAll(async () => {
  inbox = await startInbox();
  live = await startLiveServer({ DOCSTACK_SMTP_URL: inbox.url, DOCSTACK_MAIL_FROM: "Docstack <docs@acme.test>" });
}, START_TIMEOUT_MS);

afterAll(async () => {
  if (live) await stopLiveServer(live);
  await inbox?.close();
});

/** Calls the live server of this file directly (set-up outside GitBook's client); throws on a status other than 2xx. */
async function call<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${live.url}/v1${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Makes `email` a user (invited to `elsewhere`), then signs them in with the code they are e-mailed: their token. */
async function userSignedIn(email: string, elsewhere: string): Promise<string> {
  await call("POST", `/orgs/${elsewhere}/invites`, { emails: [email], role: "read" }, live.token);
  await call("POST", "/auth/email", { email });
  const mail = await inbox.waitFor(email, (message) => message.subject === "Your Docstack sign-in code");
  const code = /^Code: (\d{8})$/m.exec(mail.text ?? "")?.[1];
  return (await call<{ token: string }>("POST", "/auth/email/verify", { email, code })).token;
}

it("joinOrganization makes a signed-in user of the organization's e-mail domain a member, and refuses another domain", async () => {
  const organizationId = live.organizationId;
  await call("PATCH", `/orgs/${organizationId}`, { emailDomains: ["acme.test"] }, live.token);
  const elsewhere = (await call<{ id: string }>("POST", "/orgs", { title: "Partners" }, live.token)).id;

  const colleague = gitbook(await userSignedIn("ada@acme.test", elsewhere), live.url);
  expect(await statusOf(colleague.orgs.getOrganizationById(organizationId))).toBe(404);
  expect((await colleague.orgs.joinOrganization(organizationId)).status).toBe(204);
  expect((await colleague.orgs.getOrganizationById(organizationId)).data.id).toBe(organizationId);

  const stranger = gitbook(await userSignedIn("eve@elsewhere.test", elsewhere), live.url);
  expect(await statusOf(stranger.orgs.joinOrganization(organizationId))).toBe(404);
});
