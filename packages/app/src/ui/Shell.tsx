// The frame of every signed-in screen: a skip link, the organization switch, the main sections, search
// (Ctrl/Cmd+K), the theme and signing out.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { api, unwrap } from "../api";
import { navigate } from "../navigation";
import { chooseOrganization } from "../org";
import { useOrgs } from "../queries";
import { SearchDialog, useSearchShortcut } from "./Search";
import { AppLink } from "./states";
import { ThemeSwitch } from "./Theme";

export function Shell({ organizationId, children }: { organizationId: string | undefined; children: ReactNode }) {
  const orgs = useOrgs();
  const queries = useQueryClient();
  const [searching, setSearching] = useState(false);
  useSearchShortcut(() => setSearching(true));

  const signOut = async () => {
    try {
      await unwrap(api.DELETE("/v1/auth/session"));
    } finally {
      navigate("/app/sign-in", { replace: true });
      await queries.resetQueries();
    }
  };

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <AppLink to="/app/" className="brand">
          Docstack
        </AppLink>
        {orgs.data && orgs.data.items.length > 1 ? (
          <select
            aria-label="Organization"
            value={organizationId ?? ""}
            onChange={(event) => {
              chooseOrganization(event.target.value);
              navigate(`/app/orgs/${event.target.value}`);
            }}
          >
            {orgs.data.items.map((org) => (
              <option key={org.id} value={org.id}>
                {org.title}
              </option>
            ))}
          </select>
        ) : (
          <span className="org-title">{orgs.data?.items[0]?.title}</span>
        )}
        <nav aria-label="Sections">
          <ul>
            <li>
              <AppLink to={organizationId ? `/app/orgs/${organizationId}` : "/app/"}>Spaces</AppLink>
            </li>
            {organizationId && (
              <li>
                <AppLink to={`/app/orgs/${organizationId}/members`}>People</AppLink>
              </li>
            )}
            {organizationId && (
              <li>
                <AppLink to={`/app/orgs/${organizationId}/sites`}>Admin</AppLink>
              </li>
            )}
            <li>
              <AppLink to="/app/account">Account</AppLink>
            </li>
          </ul>
        </nav>
        <button type="button" className="search-button" onClick={() => setSearching(true)} aria-keyshortcuts="Control+K Meta+K">
          Search <kbd>Ctrl K</kbd>
        </button>
        <ThemeSwitch />
        <button type="button" className="quiet" onClick={signOut}>
          Sign out
        </button>
      </header>
      {searching && organizationId && <SearchDialog organizationId={organizationId} onClose={() => setSearching(false)} />}
      {children}
    </>
  );
}
