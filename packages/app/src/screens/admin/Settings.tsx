// The organization's settings: the role new members get, SAML single sign-on, and the custom fields its spaces
// may fill in. Admins only (the API answers the others 403, shown as such).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { keys, useOrg } from "../../queries";
import { useWrite, WriteError } from "../../ui/forms";
import { choiceOf, type RoleChoice, RoleOptions, roleOf } from "../../ui/roles";
import { Loading, Problem } from "../../ui/states";
import { CustomFields } from "./CustomFields";
import { SamlProviders } from "./SamlProviders";

export default function Settings({ organizationId }: { organizationId: string }) {
  return (
    <>
      <h1>Settings</h1>
      <DefaultRole organizationId={organizationId} />
      <SamlProviders organizationId={organizationId} />
      <CustomFields organizationId={organizationId} />
    </>
  );
}

function DefaultRole({ organizationId }: { organizationId: string }) {
  const org = useOrg(organizationId);
  const queries = useQueryClient();
  const [choice, setChoice] = useState<RoleChoice>();
  const [saved, setSaved] = useState(false);
  const save = useWrite(async (role: RoleChoice) => {
    setSaved(false);
    const answer = await unwrap(api.PATCH("/v1/orgs/{organizationId}", { params: { path: { organizationId } }, body: { defaultRole: roleOf(role) } }));
    queries.setQueryData(keys.org(organizationId), answer);
    setSaved(true);
  });
  if (org.isPending) return <Loading what="the organization" />;
  if (org.isError) return <Problem error={org.error} retry={() => org.refetch()} />;
  const current = choice ?? choiceOf(org.data.defaultRole);
  return (
    <section aria-labelledby="default-role-heading" className="admin-section">
      <h2 id="default-role-heading">New members</h2>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run(current);
        }}
      >
        <label htmlFor="default-role">Role of people joining by an invite link or an e-mail domain</label>
        <select
          id="default-role"
          value={current}
          onChange={(event) => {
            setChoice(event.target.value as RoleChoice);
            setSaved(false);
          }}
        >
          <RoleOptions />
        </select>
        <button type="submit" disabled={save.busy}>
          Save the default role
        </button>
        <span role="status">{saved ? "Saved." : ""}</span>
      </form>
      <WriteError write={save} />
    </section>
  );
}
