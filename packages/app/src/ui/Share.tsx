// Sharing a space or a collection with people and teams of its organization: who has it and with which
// role (changed or removed here), and a form giving it to a member or a team. Shown to those who may
// share it (`permissions.admin`).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../api";
import { useMembers, useTeams } from "../queries";
import { useWrite, WriteError } from "./forms";
import { QueryState } from "./QueryState";

const ROLES = ["admin", "create", "review", "edit", "comment", "read"] as const;
type Role = (typeof ROLES)[number];
type Target = { kind: "space"; id: string } | { kind: "collection"; id: string };

/** The permission operations of a space or a collection (the same shapes on both). */
function operations(target: Target) {
  return {
    key: [target.kind, target.id, "permissions"] as const,
    list: async () => {
      const [users, teams] =
        target.kind === "space"
          ? await Promise.all([
              unwrap(api.GET("/v1/spaces/{spaceId}/permissions/users", { params: { path: { spaceId: target.id }, query: { limit: 1000 } } })),
              unwrap(api.GET("/v1/spaces/{spaceId}/permissions/teams", { params: { path: { spaceId: target.id }, query: { limit: 1000 } } })),
            ])
          : await Promise.all([
              unwrap(api.GET("/v1/collections/{collectionId}/permissions/users", { params: { path: { collectionId: target.id }, query: { limit: 1000 } } })),
              unwrap(api.GET("/v1/collections/{collectionId}/permissions/teams", { params: { path: { collectionId: target.id }, query: { limit: 1000 } } })),
            ]);
      return { users: users.items, teams: teams.items };
    },
    give: (body: { role: Role; users?: string[]; teams?: string[] }) =>
      target.kind === "space"
        ? unwrap(api.POST("/v1/spaces/{spaceId}/permissions", { params: { path: { spaceId: target.id } }, body }))
        : unwrap(api.POST("/v1/collections/{collectionId}/permissions", { params: { path: { collectionId: target.id } }, body })),
    removeUser: (userId: string) =>
      target.kind === "space"
        ? unwrap(api.DELETE("/v1/spaces/{spaceId}/permissions/users/{userId}", { params: { path: { spaceId: target.id, userId } } }))
        : unwrap(api.DELETE("/v1/collections/{collectionId}/permissions/users/{userId}", { params: { path: { collectionId: target.id, userId } } })),
    removeTeam: (teamId: string) =>
      target.kind === "space"
        ? unwrap(api.DELETE("/v1/spaces/{spaceId}/permissions/teams/{teamId}", { params: { path: { spaceId: target.id, teamId } } }))
        : unwrap(api.DELETE("/v1/collections/{collectionId}/permissions/teams/{teamId}", { params: { path: { collectionId: target.id, teamId } } })),
  };
}

export function Share({ target, organizationId, title }: { target: Target; organizationId: string; title: string }) {
  const ops = operations(target);
  const shared = useQuery({ queryKey: ops.key, queryFn: ops.list });
  const members = useMembers(organizationId);
  const teams = useTeams(organizationId);
  const queries = useQueryClient();
  const [who, setWho] = useState("");
  const [role, setRole] = useState<Role>("read");
  const [said, say] = useState("");
  const refresh = () => queries.invalidateQueries({ queryKey: ops.key });

  const give = useWrite(async () => {
    const [kind, id] = who.split(":") as ["user" | "team", string];
    await ops.give(kind === "user" ? { role, users: [id] } : { role, teams: [id] });
    const name = kind === "user" ? members.data?.items.find((m) => m.id === id)?.user.displayName : teams.data?.items.find((t) => t.id === id)?.title;
    say(`Shared with ${name ?? "them"} (${role}).`);
    setWho("");
    await refresh();
  });
  const remove = useWrite(async ({ kind, id, name }: { kind: "user" | "team"; id: string; name: string }) => {
    await (kind === "user" ? ops.removeUser(id) : ops.removeTeam(id));
    say(`${name} no longer has it.`);
    await refresh();
  });

  return (
    <section className="share" aria-labelledby="share-heading">
      <h2 id="share-heading">Share “{title}”</h2>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void give.run(undefined);
        }}
      >
        <label htmlFor="share-with">With</label>
        <select id="share-with" required value={who} onChange={(event) => setWho(event.target.value)}>
          <option value="">Choose a person or a team</option>
          <optgroup label="People">
            {members.data?.items.map((member) => (
              <option key={member.id} value={`user:${member.id}`}>
                {member.user.displayName} ({member.user.email})
              </option>
            ))}
          </optgroup>
          <optgroup label="Teams">
            {teams.data?.items.map((team) => (
              <option key={team.id} value={`team:${team.id}`}>
                {team.title}
              </option>
            ))}
          </optgroup>
        </select>
        <label htmlFor="share-role">Role</label>
        <select id="share-role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
          {ROLES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={give.busy}>
          Share
        </button>
      </form>
      <WriteError write={give} />
      <WriteError write={remove} />
      <p role="status">{said}</p>
      <QueryState query={shared} what="who has it" inline>
        {({ users, teams: teamPermissions }) => (
          <ul className="cards">
            {users.map(({ user, permission }) => (
              <li key={user.id} className="card">
                <span className="card-title">{user.displayName}</span> <span className="badge">{permission}</span>
                <button
                  type="button"
                  className="quiet danger"
                  aria-label={`Remove access of ${user.displayName}`}
                  onClick={() => void remove.run({ kind: "user", id: user.id, name: user.displayName })}
                >
                  Remove
                </button>
              </li>
            ))}
            {teamPermissions.map(({ team, permission }) => (
              <li key={team.id} className="card">
                <span className="card-title">Team {team.title}</span> <span className="badge">{permission}</span>
                <button
                  type="button"
                  className="quiet danger"
                  aria-label={`Remove access of team ${team.title}`}
                  onClick={() => void remove.run({ kind: "team", id: team.id, name: team.title })}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
