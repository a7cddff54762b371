// The organization's admin screens (sites, imports and exports, Git Sync, webhooks, the audit log), one
// chunk loaded when first opened: none of it weighs on the app's first load.
import type { AdminSection } from "../../routes";
import { AdminNav } from "./AdminNav";
import AuditLog from "./AuditLog";
import GitSync from "./GitSync";
import Imports from "./Imports";
import Settings from "./Settings";
import Site from "./Site";
import Sites from "./Sites";
import Webhooks from "./Webhooks";

export default function Admin({ organizationId, section, spaceId }: { organizationId: string; section: AdminSection; spaceId?: string }) {
  return (
    <main id="main" className="home admin">
      <AdminNav organizationId={organizationId} current={section} />
      <Section organizationId={organizationId} section={section} spaceId={spaceId} />
    </main>
  );
}

function Section({ organizationId, section, spaceId }: { organizationId: string; section: AdminSection; spaceId?: string }) {
  switch (section) {
    case "sites":
      return <Sites organizationId={organizationId} />;
    case "imports":
      return <Imports organizationId={organizationId} />;
    case "git-sync":
      return <GitSync organizationId={organizationId} spaceId={spaceId} />;
    case "webhooks":
      return <Webhooks organizationId={organizationId} />;
    case "audit-log":
      return <AuditLog organizationId={organizationId} />;
    case "settings":
      return <Settings organizationId={organizationId} />;
  }
}

/** A site's own screen (its `urls.app`), inside the same frame. */
export function SiteScreen({ organizationId, siteId }: { organizationId: string; siteId: string }) {
  return (
    <main id="main" className="home admin">
      <AdminNav organizationId={organizationId} current="sites" />
      <Site organizationId={organizationId} siteId={siteId} />
    </main>
  );
}
