import { answered, at, refused, secretInLogs, type TestUser, useHarness } from "../../../test/support/harness";
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
  const LINKS = "/v1/orgs/{organizationId}/link-invites";
  const JOIN = "/v1/orgs/{organizationId}/invites/{inviteId}";
  const ORGANIZATION = "/v1/orgs/{organizationId}";
  const roleIn = async (organizationId: string, userId: string) => (await h.services.prisma.member.findFirst({ where: { organizationId, userId } }))?.role;

  it("are created and listed by admins, and let whoever has one join with its role until it is deleted", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const created = await answered(admin.POST(LINKS, { ...inOrg, body: { role: "edit" } }), 201);
    expect(created).toMatchObject({ object: "invite", role: "edit", redundant: false });
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.urls.join).toMatch(new RegExp(`/v1/orgs/${org.id}/invites/${created.id}$`));
    const guests = await answered(admin.POST(LINKS, { ...inOrg, body: { role: null } }), 201);
    const list = await answered(admin.GET(LINKS, inOrg), 200);
    expect(list.items.map((item) => item.id)).toEqual([created.id, guests.id]);
    const joinBy = (inviteId: string) => at({ organizationId: org.id, inviteId });

    const newcomerUser = await h.user();
    const newcomer = h.as(newcomerUser);
    await refused(newcomer.GET(ORGANIZATION, inOrg), 404);
    expect(await answered(newcomer.POST(JOIN, joinBy(created.id)), 200)).toEqual({});
    expect((await answered(newcomer.GET(ORGANIZATION, inOrg), 200)).permissions).toMatchObject({ view: true, admin: false });
    expect(await roleIn(org.id, newcomerUser.id)).toBe("edit");
    // Already a member: nothing changes, even through a link with another role.
    await answered(newcomer.POST(JOIN, joinBy(guests.id)), 200);
    expect(await roleIn(org.id, newcomerUser.id)).toBe("edit");

    const guest = await h.user();
    await answered(h.as(guest).POST(JOIN, joinBy(guests.id)), 200);
    expect(await roleIn(org.id, guest.id)).toBeNull();

    await answered(admin.DELETE("/v1/orgs/{organizationId}/link-invites/{inviteId}", joinBy(created.id)), 205);
    const late = h.as(await h.user());
    await refused(late.POST(JOIN, joinBy(created.id)), 404);
    await refused(late.POST(JOIN, joinBy("not-a-link")), 404);
  });

  it("are refused when the organization turns them off", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const inOrg = at({ organizationId: org.id });
    const link = await answered(admin.POST(LINKS, { ...inOrg, body: { role: "read" } }), 201);
    await answered(admin.PATCH(ORGANIZATION, { ...inOrg, body: { inviteLinks: false } }), 200);
    await refused(admin.POST(LINKS, { ...inOrg, body: { role: "read" } }), 403);
    await refused(h.as(await h.user()).POST(JOIN, at({ organizationId: org.id, inviteId: link.id })), 404);
  });

  it("never reach a log line", async () => {
    const org = await h.organization();
    const admin = h.as(org.admin);
    const link = await answered(admin.POST(LINKS, { ...at({ organizationId: org.id }), body: { role: "read" } }), 201);
    const ofLink = at({ organizationId: org.id, inviteId: link.id });
    await answered(admin.GET("/v1/orgs/{organizationId}/link-invites/{inviteId}", ofLink), 200);
    await answered(h.as(await h.user()).POST(JOIN, ofLink), 200);
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
