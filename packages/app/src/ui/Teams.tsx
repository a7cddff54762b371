// An organization's teams: create one, see and change its members (add a member of the organization,
// remove one), delete it. Teams are shared spaces and collections like people are (ui/Share.tsx).
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../api";
import { keys, useMembers, useTeams } from "../queries";
import { useWrite, WriteError } from "./forms";
import { QueryState } from "./QueryState";
import { Empty } from "./states";

export function Teams({ organizationId, admin }: { organizationId: string; admin: boolean }) {
  const teams = useTeams(organizationId);
  const queries = useQueryClient();
  const [title, setTitle] = useState("");
  const create = useWrite(async () => {
    await unwrap(api.PUT("/v1/orgs/{organizationId}/teams", { params: { path: { organizationId } }, body: { title: title.trim() } }));
    setTitle("");
    await queries.invalidateQueries({ queryKey: keys.teams(organizationId) });
  });
  return (
    <section aria-labelledby="teams-heading">
      <h2 id="teams-heading">Teams</h2>
      {admin ? (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void create.run(undefined);
          }}
        >
          <label htmlFor="new-team">New team</label>
          <input id="new-team" required maxLength={100} value={title} onChange={(event) => setTitle(event.target.value)} />
          <button type="submit" disabled={create.busy}>
            Create team
          </button>
          <WriteError write={create} />
        </form>
      ) : null}
      <QueryState query={teams} what="teams" inline>
        {({ items }) =>
          items.length === 0 ? (
            <Empty>No teams yet.</Empty>
          ) : (
            <ul className="cards">
              {items.map((team) => (
                <TeamCard key={team.id} organizationId={organizationId} team={team} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function TeamCard({ organizationId, team }: { organizationId: string; team: Schemas["Team"] }) {
  const [open, setOpen] = useState(false);
  const queries = useQueryClient();
  const remove = useWrite(async () => {
    await unwrap(api.DELETE("/v1/orgs/{organizationId}/teams/{teamId}", { params: { path: { organizationId, teamId: team.id } } }));
    await queries.invalidateQueries({ queryKey: keys.teams(organizationId) });
  });
  return (
    <li className="card">
      <span className="card-title">{team.title}</span> <span className="muted">{team.members === 1 ? "1 member" : `${team.members} members`}</span>
      <span className="card-actions">
        <button type="button" className="quiet" aria-expanded={open} aria-label={`Members of ${team.title}`} onClick={() => setOpen(!open)}>
          Members
        </button>
        {team.permissions.admin ? (
          <button
            type="button"
            className="quiet danger"
            aria-label={`Delete team ${team.title}`}
            onClick={() => window.confirm(`Delete the team ${team.title}?`) && void remove.run(undefined)}
          >
            Delete
          </button>
        ) : null}
      </span>
      <WriteError write={remove} />
      {open ? <TeamMembers organizationId={organizationId} team={team} /> : null}
    </li>
  );
}

function TeamMembers({ organizationId, team }: { organizationId: string; team: Schemas["Team"] }) {
  const key = [...keys.teams(organizationId), team.id, "members"];
  const path = { organizationId, teamId: team.id };
  const members = useQuery({
    queryKey: key,
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/teams/{teamId}/members", { params: { path, query: { limit: 1000 } } })),
  });
  const organization = useMembers(organizationId);
  const queries = useQueryClient();
  const [who, setWho] = useState("");
  const refresh = () => Promise.all([queries.invalidateQueries({ queryKey: key }), queries.invalidateQueries({ queryKey: keys.teams(organizationId) })]);
  const add = useWrite(async () => {
    await unwrap(api.PUT("/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", { params: { path: { ...path, userId: who } }, body: {} }));
    setWho("");
    await refresh();
  });
  const remove = useWrite(async (userId: string) => {
    await unwrap(api.DELETE("/v1/orgs/{organizationId}/teams/{teamId}/members/{userId}", { params: { path: { ...path, userId } } }));
    await refresh();
  });
  return (
    <div className="team-members">
      <QueryState query={members} what="its members" inline>
        {({ items }) => (
          <ul>
            {items.map(({ organization: member, team: membership }) => (
              <li key={member.id}>
                {member.user.displayName} <span className="muted">{membership.role}</span>{" "}
                {team.permissions.admin ? (
                  <button
                    type="button"
                    className="quiet danger"
                    aria-label={`Remove ${member.user.displayName} from ${team.title}`}
                    onClick={() => void remove.run(member.id)}
                  >
                    Remove
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {team.permissions.admin ? (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void add.run(undefined);
          }}
        >
          <label htmlFor={`add-${team.id}`}>Add to {team.title}</label>
          <select id={`add-${team.id}`} required value={who} onChange={(event) => setWho(event.target.value)}>
            <option value="">Choose a member</option>
            {organization.data?.items.map((member) => (
              <option key={member.id} value={member.id}>
                {member.user.displayName} ({member.user.email})
              </option>
            ))}
          </select>
          <button type="submit" disabled={add.busy}>
            Add
          </button>
        </form>
      ) : null}
      <WriteError write={add} />
      <WriteError write={remove} />
    </div>
  );
}
