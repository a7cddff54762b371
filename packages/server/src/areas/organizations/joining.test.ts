import { secretInLogs, type TestUser, useHarness } from "../../../test/support/harness";
import { useInbox } from "../../../test/support/smtp";

const inbox = useInbox();
const h = useHarness(() => ({ smtpUrl: inbox.url }));

const as = (user: TestUser) => ({
  get: (url: string) => h.api.get(url).set("Authorization", user.auth),
  post: (url: string, body?: object) => h.api.post(url).set("Authorization", user.auth).send(body),
  patch: (url: string, body: object) => h.api.patch(url).set("Authorization", user.auth).send(body),
  delete: (url: string) => h.api.delete(url).set("Authorization", user.auth),
});

describe("inviting people by e-mail", () => {
  it("adds them as members (users made for new addresses) and e-mails each a link to sign in", async () => {
    const org = await h.organization("Acme");
    const tag = org.id.slice(-6);
    const [ada, grace] = [`Ada.${tag}@Example.test`, `grace.${tag}@example.test`];
    const known = await h.user();
    const res = await as(org.admin)
      .post(`/v1/orgs/${org.id}/invites`, { emails: [ada, { email: grace, role: "edit" }, known.email, ada.toLowerCase()], role: "comment" })
      .expect(200);
    expect(res.body).toEqual({ users: expect.any(Array), invited: 3 });
    expect(res.body.users).toContain(known.id);
    const members = await h.services.prisma.member.findMany({ where: { organizationId: org.id }, include: { user: true } });
    const roleOf = (email: string) => members.find((member) => member.user.email === email.toLowerCase())?.role;
    expect(roleOf(ada)).toBe("comment");
    expect(roleOf(grace)).toBe("edit");
    expect(roleOf(known.email)).toBe("comment");
    expect(members.find((member) => member.user.email === ada.toLowerCase())?.user.displayName).toBe(`ada.${tag}`);

    const mail = await inbox.waitFor(ada);
    expect(mail.subject).toBe("You are invited to Acme on Docstack");
    expect(mail.text).toContain(`/sign-in#email=${encodeURIComponent(ada.toLowerCase())}`);
    await inbox.waitFor(grace);

    // Again: nobody new, nothing sent.
    const again = await as(org.admin)
      .post(`/v1/orgs/${org.id}/invites`, { emails: [grace] })
      .expect(200);
    expect(again.body).toEqual({ users: [], invited: 0 });
  });

  it("gives the organization's default role when none is given, null making guests; admins only", async () => {
    const org = await h.organization();
    await as(org.admin).patch(`/v1/orgs/${org.id}`, { defaultRole: null }).expect(200);
    const email = `guest-${org.id.slice(-6)}@example.test`;
    await as(org.admin)
      .post(`/v1/orgs/${org.id}/invites`, { emails: [email] })
      .expect(200);
    const guest = await h.services.prisma.member.findFirst({ where: { organizationId: org.id, user: { email } } });
    expect(guest?.role).toBeNull();
    const editor = await h.member(org.id, "edit");
    await as(editor)
      .post(`/v1/orgs/${org.id}/invites`, { emails: ["x@example.test"] })
      .expect(403);
    await as(org.admin)
      .post(`/v1/orgs/${org.id}/invites`, { emails: ["not an address"] })
      .expect(400);
  });
});

describe("invite links", () => {
  it("are created and listed by admins, and let whoever has one join with its role until it is deleted", async () => {
    const org = await h.organization();
    const created = await as(org.admin).post(`/v1/orgs/${org.id}/link-invites`, { role: "edit" }).expect(201);
    expect(created.body).toMatchObject({ object: "invite", role: "edit", redundant: false });
    expect(created.body.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { join } = created.body.urls as { join: string };
    expect(join).toMatch(new RegExp(`/v1/orgs/${org.id}/invites/${created.body.id}$`));
    const guests = await as(org.admin).post(`/v1/orgs/${org.id}/link-invites`, { role: null }).expect(201);
    const list = await as(org.admin).get(`/v1/orgs/${org.id}/link-invites`).expect(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id, guests.body.id]);

    const newcomer = await h.user();
    await as(newcomer).get(`/v1/orgs/${org.id}`).expect(404);
    expect((await as(newcomer).post(new URL(join).pathname).expect(200)).body).toEqual({});
    expect((await as(newcomer).get(`/v1/orgs/${org.id}`).expect(200)).body.permissions).toMatchObject({ view: true, admin: false });
    expect((await h.services.prisma.member.findFirst({ where: { organizationId: org.id, userId: newcomer.id } }))?.role).toBe("edit");
    // Already a member: nothing changes, even through a link with another role.
    await as(newcomer).post(`/v1/orgs/${org.id}/invites/${guests.body.id}`).expect(200);
    expect((await h.services.prisma.member.findFirst({ where: { organizationId: org.id, userId: newcomer.id } }))?.role).toBe("edit");

    const guest = await h.user();
    await as(guest).post(`/v1/orgs/${org.id}/invites/${guests.body.id}`).expect(200);
    expect((await h.services.prisma.member.findFirst({ where: { organizationId: org.id, userId: guest.id } }))?.role).toBeNull();

    await as(org.admin).delete(`/v1/orgs/${org.id}/link-invites/${created.body.id}`).expect(205);
    const late = await h.user();
    await as(late).post(new URL(join).pathname).expect(404);
    await as(late).post(`/v1/orgs/${org.id}/invites/not-a-link`).expect(404);
  });

  it("are refused when the organization turns them off", async () => {
    const org = await h.organization();
    const link = (await as(org.admin).post(`/v1/orgs/${org.id}/link-invites`, { role: "read" }).expect(201)).body as { id: string };
    await as(org.admin).patch(`/v1/orgs/${org.id}`, { inviteLinks: false }).expect(200);
    await as(org.admin).post(`/v1/orgs/${org.id}/link-invites`, { role: "read" }).expect(403);
    await as(await h.user())
      .post(`/v1/orgs/${org.id}/invites/${link.id}`)
      .expect(404);
  });

  it("never reach a log line", async () => {
    const org = await h.organization();
    const link = (await as(org.admin).post(`/v1/orgs/${org.id}/link-invites`, { role: "read" }).expect(201)).body as { id: string };
    await as(org.admin).get(`/v1/orgs/${org.id}/link-invites/${link.id}`).expect(200);
    await as(await h.user())
      .post(`/v1/orgs/${org.id}/invites/${link.id}`)
      .expect(200);
    expect(h.secrets.has(link.id)).toBe(true);
    expect(secretInLogs(h.logs, [link.id])).toBeUndefined();
    const urls = h.logs.map((line) => (JSON.parse(line) as { url?: string }).url);
    expect(urls).toContain(`/v1/orgs/${org.id}/invites/[redacted]`);
    expect(urls).toContain(`/v1/orgs/${org.id}/link-invites/[redacted]`);
  });
});

describe("joining by e-mail domain", () => {
  it("lets a user whose verified address is of one of the organization's domains join it, with its default role", async () => {
    const org = await h.organization();
    const domain = `d${org.id.slice(-8)}.example`;
    await as(org.admin)
      .patch(`/v1/orgs/${org.id}`, { emailDomains: [domain], defaultRole: "comment" })
      .expect(200);
    const user = await h.user();
    await h.direct((prisma) => prisma.user.update({ where: { id: user.id }, data: { email: `someone@${domain}` } }));
    const refused = await as(user).post(`/v1/orgs/${org.id}/join`).expect(403);
    expect(refused.body.error.message).toMatch(/verified/);
    await h.direct((prisma) => prisma.user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } }));
    await as(user).post(`/v1/orgs/${org.id}/join`).expect(204);
    expect((await h.services.prisma.member.findFirst({ where: { organizationId: org.id, userId: user.id } }))?.role).toBe("comment");
    await as(user).post(`/v1/orgs/${org.id}/join`).expect(204);

    const stranger = await h.user();
    await h.direct((prisma) => prisma.user.update({ where: { id: stranger.id }, data: { emailVerifiedAt: new Date() } }));
    await as(stranger).post(`/v1/orgs/${org.id}/join`).expect(404);
  });
});

describe("members and users", () => {
  it("reads one member, and a user the caller shares an organization with (no one else)", async () => {
    const org = await h.organization();
    const editor = await h.member(org.id, "edit");
    const member = await as(editor).get(`/v1/orgs/${org.id}/members/${org.admin.id}`).expect(200);
    expect(member.body).toMatchObject({ object: "member", id: org.admin.id, role: "admin", user: { id: org.admin.id } });
    const stranger = await h.user();
    await as(editor).get(`/v1/orgs/${org.id}/members/${stranger.id}`).expect(404);
    expect((await as(editor).get(`/v1/users/${org.admin.id}`).expect(200)).body).toMatchObject({ object: "user", id: org.admin.id });
    await as(stranger).get(`/v1/users/${stranger.id}`).expect(200);
    const unknown = await as(editor).get(`/v1/users/${stranger.id}`).expect(404);
    const none = await as(editor).get("/v1/users/01unknownuser0000000000000").expect(404);
    expect(unknown.body.error.message).toBe(none.body.error.message);
  });

  it("lists members newest first, filtered by role (guests too) and text, ordered by name or last use", async () => {
    const org = await h.organization();
    const { prisma } = h.services;
    const named = async (displayName: string, role: "read" | null, joinedAt: string) => {
      const user = await h.member(org.id, role);
      await prisma.user.update({ where: { id: user.id }, data: { displayName } });
      await prisma.member.update({ where: { organizationId_userId: { organizationId: org.id, userId: user.id } }, data: { joinedAt: new Date(joinedAt) } });
      return user;
    };
    await prisma.member.update({
      where: { organizationId_userId: { organizationId: org.id, userId: org.admin.id } },
      data: { joinedAt: new Date("2020-01-01") },
    });
    const zoe = await named("Zoe Reader", "read", "2021-01-01");
    const abe = await named("Abe Guest", null, "2022-01-01");
    const list = (query: string) => as(org.admin).get(`/v1/orgs/${org.id}/members${query}`).expect(200);
    const idsOf = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id);
    expect(idsOf(await list(""))).toEqual([abe.id, zoe.id, org.admin.id]);
    expect(idsOf(await list("?order=asc"))).toEqual([org.admin.id, zoe.id, abe.id]);
    expect(idsOf(await list("?role=guest"))).toEqual([abe.id]);
    expect(idsOf(await list("?role=read"))).toEqual([zoe.id]);
    expect(idsOf(await list("?search=READER"))).toEqual([zoe.id]);
    expect(idsOf(await list(`?search=${abe.email.slice(0, 10)}`))).toEqual([abe.id]);
    expect(idsOf(await list("?sort=name&order=asc&limit=2"))[0]).toBe(abe.id);
    const page = await list("?sort=name&order=asc&limit=2");
    const rest = await list(`?sort=name&order=asc&limit=2&page=${page.body.next.page}`);
    expect([...idsOf(page), ...idsOf(rest)]).toHaveLength(3);
    // Last use: recorded when a token is used (at most once a minute); never seen last.
    h.clock.advance(61_000);
    await as(zoe).get("/v1/user").expect(200);
    // The admin's next request, a second later, is recorded too (a minute after their last).
    h.clock.advance(1_000);
    expect(idsOf(await list("?sort=lastSeenAt"))).toEqual([org.admin.id, zoe.id, abe.id]);
    expect(idsOf(await list("?sort=lastSeenAt&order=asc"))).toEqual([zoe.id, org.admin.id, abe.id]);
  });
});
