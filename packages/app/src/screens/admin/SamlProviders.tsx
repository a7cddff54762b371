// SAML single sign-on: the organization's identity providers, each with Docstack's side to copy into the
// provider (ACS URL, entity ID, sign-in URL) and the provider's side to fill in (SSO URL, entity ID, certificate),
// and what people joining through it get: a role and a team; and whether the organization enforces SSO (its
// members then reach it only through a SAML sign-in). The API has no way to turn a provider off and keep it:
// deleting it is the only way to stop sign-ins through it.
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { api, unwrap } from "../../api";
import { keys, useOrg, useTeams } from "../../queries";
import { useWrite, WriteError } from "../../ui/forms";
import { choiceOf, type RoleChoice, RoleOptions, roleOf } from "../../ui/roles";
import { Empty, Loading, Problem } from "../../ui/states";
import { CopyButton } from "./AdminNav";
import { adminKeys } from "./queries";

type Provider = Schemas["SamlProvider"];

export function SamlProviders({ organizationId }: { organizationId: string }) {
  const queries = useQueryClient();
  const providers = useQuery({
    queryKey: adminKeys.saml(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/saml", { params: { path: { organizationId }, query: { limit: 100 } } })),
  });
  const [label, setLabel] = useState("");
  const create = useWrite(async () => {
    await unwrap(api.POST("/v1/orgs/{organizationId}/saml", { params: { path: { organizationId } }, body: { label } }));
    setLabel("");
    await queries.invalidateQueries({ queryKey: adminKeys.saml(organizationId) });
  });
  return (
    <section aria-labelledby="saml-heading" className="admin-section">
      <h2 id="saml-heading">SAML single sign-on</h2>
      {providers.isPending ? <Loading what="the SAML providers" /> : null}
      {providers.isError ? <Problem error={providers.error} retry={() => providers.refetch()} /> : null}
      {providers.data?.items.length === 0 ? <Empty>No SAML provider yet.</Empty> : null}
      <ul className="cards">
        {providers.data?.items.map((provider) => (
          <SamlProviderCard key={provider.id} organizationId={organizationId} provider={provider} />
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run(undefined);
        }}
      >
        <label htmlFor="saml-label">Name of a new provider</label>
        <input id="saml-label" required maxLength={30} placeholder="Okta" value={label} onChange={(event) => setLabel(event.target.value)} />
        <button type="submit" disabled={create.busy}>
          Add provider
        </button>
      </form>
      <WriteError write={create} />
      <EnforceSso organizationId={organizationId} />
    </section>
  );
}

/** The organization's `sso`: the server refuses to turn it on when that would lock everyone (or the caller) out, and says why. */
function EnforceSso({ organizationId }: { organizationId: string }) {
  const org = useOrg(organizationId);
  const queries = useQueryClient();
  const [saved, setSaved] = useState(false);
  const save = useWrite(async (sso: boolean) => {
    setSaved(false);
    const answer = await unwrap(api.PATCH("/v1/orgs/{organizationId}", { params: { path: { organizationId } }, body: { sso } }));
    queries.setQueryData(keys.org(organizationId), answer);
    setSaved(true);
  });
  if (!org.data) return null;
  return (
    <div>
      <label htmlFor="enforce-sso" className="check">
        <input
          id="enforce-sso"
          type="checkbox"
          checked={org.data.sso ?? false}
          disabled={save.busy}
          aria-describedby="enforce-sso-help"
          onChange={(event) => void save.run(event.target.checked)}
        />{" "}
        Members sign in only through SAML (SSO enforced)
      </label>
      <p id="enforce-sso-help" className="muted">
        Once on, a member signed in with an e-mailed code (or with a token made that way) sees this organization as an outsider does. Turn it on from a session
        signed in through one of the providers above.
      </p>
      <span role="status">{saved ? "Saved." : ""}</span>
      <WriteError write={save} />
    </div>
  );
}

function SamlProviderCard({ organizationId, provider }: { organizationId: string; provider: Provider }) {
  const queries = useQueryClient();
  const [form, setForm] = useState({
    ssoURL: provider.ssoURL,
    entityID: provider.entityID,
    certificate: provider.certificate,
    role: choiceOf(provider.defaultRole),
    team: provider.defaultTeam?.id ?? "",
  });
  const teams = useTeams(organizationId);
  const [saved, setSaved] = useState(false);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((now) => ({ ...now, [field]: event.target.value }));
    setSaved(false);
  };
  const path = { params: { path: { organizationId, samlProviderId: provider.id } } };
  const save = useWrite(async () => {
    const body = {
      ...(form.ssoURL ? { ssoURL: form.ssoURL } : {}),
      ...(form.entityID ? { entityID: form.entityID } : {}),
      ...(form.certificate ? { certificate: form.certificate } : {}),
      defaultRole: roleOf(form.role as RoleChoice),
      defaultTeam: form.team || null,
    };
    await unwrap(api.PATCH("/v1/orgs/{organizationId}/saml/{samlProviderId}", { ...path, body }));
    setSaved(true);
    await queries.invalidateQueries({ queryKey: adminKeys.saml(organizationId) });
  });
  const remove = useWrite(async () => {
    if (!window.confirm(`Delete the provider ${provider.label}? Signing in through it stops at once.`)) return;
    await unwrap(api.DELETE("/v1/orgs/{organizationId}/saml/{samlProviderId}", path));
    await queries.invalidateQueries({ queryKey: adminKeys.saml(organizationId) });
  });
  const id = `saml-${provider.id}`;
  const service: [string, string][] = [
    ["ACS URL", provider.service.acsURL],
    ["Entity ID (audience)", provider.service.entityID],
    ["Sign-in URL", provider.service.startURL],
  ];
  return (
    <li className="card saml-provider">
      <h3 className="card-title">{provider.label}</h3>
      <span className={`badge status-${provider.status}`}>{provider.status === "active" ? "Active" : "Waiting for the provider's side"}</span>
      <dl className="facts">
        {service.map(([name, value]) => (
          <Fragment key={name}>
            <dt>{name}</dt>
            <dd>
              <code className="secret">{value}</code> <CopyButton text={value} label={`Copy the ${name} of ${provider.label}`} />
            </dd>
          </Fragment>
        ))}
      </dl>
      <form
        className="stacked-form"
        aria-label={`The identity provider's side of ${provider.label}`}
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(undefined);
        }}
      >
        <label htmlFor={`${id}-sso`}>Provider's single sign-on URL</label>
        <input id={`${id}-sso`} type="url" value={form.ssoURL} onChange={set("ssoURL")} />
        <label htmlFor={`${id}-entity`}>Provider's entity ID</label>
        <input id={`${id}-entity`} maxLength={1024} value={form.entityID} onChange={set("entityID")} />
        <label htmlFor={`${id}-certificate`}>Provider's signing certificate (PEM)</label>
        <textarea id={`${id}-certificate`} rows={4} value={form.certificate} onChange={set("certificate")} />
        <label htmlFor={`${id}-role`}>Role of people joining through it</label>
        <select id={`${id}-role`} value={form.role} onChange={set("role")}>
          <RoleOptions />
        </select>
        <label htmlFor={`${id}-team`}>Team of people joining through it</label>
        <select id={`${id}-team`} value={form.team} onChange={set("team")} aria-describedby={teams.isError ? `${id}-teams-error` : undefined}>
          <option value="">No team</option>
          {/* The team set, while the list is read (or if it cannot be). */}
          {form.team && !teams.data?.items.some((team) => team.id === form.team) ? (
            <option value={form.team}>{provider.defaultTeam?.id === form.team ? provider.defaultTeam.title : form.team}</option>
          ) : null}
          {teams.data?.items.map((team) => (
            <option key={team.id} value={team.id}>
              {team.title}
            </option>
          ))}
        </select>
        {teams.isError ? (
          <p id={`${id}-teams-error`} className="error">
            The teams could not be read; the one set is kept.
          </p>
        ) : null}
        <button type="submit" disabled={save.busy}>
          Save {provider.label}
        </button>
        <span role="status">{saved ? "Saved." : ""}</span>
        <WriteError write={save} />
      </form>
      <button type="button" className="quiet danger" disabled={remove.busy} onClick={() => void remove.run(undefined)}>
        Delete {provider.label}
      </button>
      <WriteError write={remove} />
    </li>
  );
}
