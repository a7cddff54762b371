// The organization's people: invite by e-mail with a role, change a member's role, remove a member; its teams.
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../api";
import { keys, useMembers, useOrg } from "../queries";
import { useWrite, WriteError } from "../ui/forms";
import { ROLES, type RoleChoice, RoleOptions, roleOf } from "../ui/roles";
import { Loading, Problem } from "../ui/states";
import { Teams } from "../ui/Teams";

export default function People({ organizationId }: { organizationId: string }) {
  const org = useOrg(organizationId);
  const members = useMembers(organizationId);
  const queries = useQueryClient();
  const admin = Boolean(org.data?.permissions?.admin);
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState<RoleChoice>("read");
  const [sent, setSent] = useState("");

  const invite = useWrite(async () => {
    const list = emails
      .split(/[\s,;]+/)
      .map((email) => email.trim())
      .filter(Boolean);
    await unwrap(api.POST("/v1/orgs/{organizationId}/invites", { params: { path: { organizationId } }, body: { emails: list, role: roleOf(role) } }));
    setSent(`Invited ${list.join(", ")}.`);
    setEmails("");
    await queries.invalidateQueries({ queryKey: keys.members(organizationId) });
  });

  if (members.isError)
    return (
      <main id="main">
        <Problem error={members.error} retry={() => members.refetch()} />
      </main>
    );
  return (
    <main id="main" className="home">
      <h1>People</h1>
      {admin ? (
        <form
          className="stacked-form"
          onSubmit={(event) => {
            event.preventDefault();
            void invite.run(undefined);
          }}
        >
          <h2>Invite people</h2>
          <label htmlFor="invite-emails">E-mail addresses</label>
          <input id="invite-emails" type="text" required value={emails} onChange={(event) => setEmails(event.target.value)} placeholder="ada@example.com" />
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as RoleChoice)}>
            <RoleOptions />
          </select>
          <button type="submit" disabled={invite.busy}>
            Invite
          </button>
          <WriteError write={invite} />
          {sent ? <p role="status">{sent}</p> : null}
        </form>
      ) : null}
      <h2>Members</h2>
      {members.isPending ? <Loading what="members" /> : null}
      <ul className="cards">
        {members.data?.items.map((member) => (
          <MemberRow key={member.id} organizationId={organizationId} member={member} admin={admin} />
        ))}
      </ul>
      <Teams organizationId={organizationId} admin={admin} />
    </main>
  );
}

function MemberRow({ organizationId, member, admin }: { organizationId: string; member: Schemas["Member"]; admin: boolean }) {
  const queries = useQueryClient();
  const refresh = () => queries.invalidateQueries({ queryKey: keys.members(organizationId) });
  const change = useWrite(async (choice: RoleChoice) => {
    await unwrap(
      api.PATCH("/v1/orgs/{organizationId}/members/{userId}", { params: { path: { organizationId, userId: member.id } }, body: { role: roleOf(choice) } }),
    );
    await refresh();
  });
  const remove = useWrite(async () => {
    await unwrap(api.DELETE("/v1/orgs/{organizationId}/members/{userId}", { params: { path: { organizationId, userId: member.id } } }));
    await refresh();
  });
  const name = member.user.displayName;
  return (
    <li className="card">
      <span className="card-title">{name}</span> <span className="muted">{member.user.email}</span>
      {admin ? (
        <span className="card-actions">
          <select aria-label={`Role of ${name}`} value={member.role ?? "guest"} onChange={(event) => void change.run(event.target.value as RoleChoice)}>
            {ROLES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
            <option value="guest">guest</option>
          </select>
          <button
            type="button"
            className="quiet danger"
            aria-label={`Remove ${name}`}
            onClick={() => window.confirm(`Remove ${name} from the organization?`) && void remove.run(undefined)}
          >
            Remove
          </button>
        </span>
      ) : (
        <span className="badge">{member.role ?? "guest"}</span>
      )}
      <WriteError write={change} />
      <WriteError write={remove} />
    </li>
  );
}
