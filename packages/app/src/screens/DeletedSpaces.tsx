// An organization's deleted spaces (for its admins): each restorable for 7 days after it was deleted, then
// removed for good. A restored space is back where it was, and opens from here.
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../api";
import { keys, useDeletedSpaces } from "../queries";
import { useWrite, WriteError } from "../ui/forms";
import { QueryState } from "../ui/QueryState";
import { AppLink, Empty } from "../ui/states";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export default function DeletedSpaces({ organizationId }: { organizationId: string }) {
  const deleted = useDeletedSpaces(organizationId);
  const queries = useQueryClient();
  const [restored, setRestored] = useState<Schemas["Space"]>();
  const restore = useWrite(async (space: Schemas["Space"]) => {
    setRestored(await unwrap(api.POST("/v1/spaces/{spaceId}/restore", { params: { path: { spaceId: space.id } } })));
    await queries.invalidateQueries({ queryKey: keys.org(organizationId) });
  });
  return (
    <QueryState query={deleted} what="the deleted spaces">
      {({ items }) => (
        <main id="main" className="home">
          <h1>Deleted spaces</h1>
          <p className="muted">A deleted space can be restored for 7 days; after that it is removed for good.</p>
          {restored ? (
            <p className="notice" role="status">
              “{restored.title}” is restored. <AppLink to={`/app/spaces/${restored.id}`}>Open {restored.title}</AppLink>
            </p>
          ) : null}
          <WriteError write={restore} />
          {items.length === 0 ? (
            <Empty>
              <p>
                No space was deleted in the last 7 days. <AppLink to={`/app/orgs/${organizationId}`}>Back to the spaces</AppLink>
              </p>
            </Empty>
          ) : (
            <ul className="cards">
              {items.map((space) => (
                <li key={space.id} className="card">
                  <span className="card-title">
                    {space.emoji ? `${space.emoji} ` : ""}
                    {space.title}
                  </span>
                  <span className="muted">Deleted {space.deletedAt ? dateFormat.format(new Date(space.deletedAt)) : ""}</span>
                  <div className="card-actions">
                    <button type="button" disabled={restore.busy} onClick={() => void restore.run(space)} aria-label={`Restore ${space.title}`}>
                      Restore
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </main>
      )}
    </QueryState>
  );
}
