// An organization's collections and spaces: open one, create, rename, move into a collection, delete (and
// restore what was just deleted; admins find every deleted space in "Deleted spaces").
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../api";
import { useCollections, useOrgs, useSpaces } from "../queries";
import { useWrite, WriteError } from "../ui/forms";
import { QueryState } from "../ui/QueryState";
import { AppLink, Empty, Loading } from "../ui/states";

export default function Home({ organizationId, loading }: { organizationId: string | undefined; loading: boolean }) {
  if (!organizationId) {
    return (
      <main id="main" className="home">
        {loading ? (
          <Loading what="your organizations" />
        ) : (
          <>
            <h1>No organization</h1>
            <Empty>
              You are not a member of any organization yet: ask for an invitation. An organization that enforces single sign-on shows only when you sign in
              through its SAML sign-in link (its admins have it).
            </Empty>
          </>
        )}
      </main>
    );
  }
  return <OrganizationContent organizationId={organizationId} />;
}

function OrganizationContent({ organizationId }: { organizationId: string }) {
  const spaces = useSpaces(organizationId);
  const collections = useCollections(organizationId);
  const isAdmin = useOrgs().data?.items.find((org) => org.id === organizationId)?.permissions.admin === true;
  const queries = useQueryClient();
  const [deleted, setDeleted] = useState<Schemas["Space"]>();
  const refresh = () => queries.invalidateQueries({ queryKey: ["org", organizationId] });

  const create = useWrite(async (form: { title: string; kind: "space" | "collection" }) => {
    if (form.kind === "space")
      await unwrap(api.POST("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } }, body: { title: form.title } }));
    else await unwrap(api.POST("/v1/orgs/{organizationId}/collections", { params: { path: { organizationId } }, body: { title: form.title } }));
    await refresh();
  });
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<"space" | "collection">("space");

  const remove = useWrite(async (space: Schemas["Space"]) => {
    await unwrap(api.DELETE("/v1/spaces/{spaceId}", { params: { path: { spaceId: space.id } } }));
    setDeleted(space);
    await refresh();
  });
  const restore = useWrite(async (space: Schemas["Space"]) => {
    await unwrap(api.POST("/v1/spaces/{spaceId}/restore", { params: { path: { spaceId: space.id } } }));
    setDeleted(undefined);
    await refresh();
  });

  const allCollections = collections.data?.items ?? [];

  return (
    <QueryState query={spaces} what="spaces">
      {({ items }) => {
        const byCollection = byParent(items);
        return (
          <main id="main" className="home">
            <div className="heading-row">
              <h1>Spaces</h1>
              {isAdmin ? <AppLink to={`/app/orgs/${organizationId}/deleted-spaces`}>Deleted spaces</AppLink> : null}
            </div>
            <form
              className="inline-form"
              onSubmit={async (event) => {
                event.preventDefault();
                if (await create.run({ title, kind })) setTitle("");
              }}
            >
              <label htmlFor="new-title">New</label>
              <select aria-label="Kind" value={kind} onChange={(event) => setKind(event.target.value as "space" | "collection")}>
                <option value="space">Space</option>
                <option value="collection">Collection</option>
              </select>
              <input id="new-title" placeholder="Title" required maxLength={50} value={title} onChange={(event) => setTitle(event.target.value)} />
              <button type="submit" disabled={create.busy}>
                Create
              </button>
              <WriteError write={create} />
            </form>
            {deleted && (
              <p className="notice" role="status">
                “{deleted.title}” was deleted.{" "}
                <button type="button" onClick={() => restore.run(deleted)}>
                  Restore it
                </button>
              </p>
            )}
            <WriteError write={remove} />
            {items.length === 0 && allCollections.length === 0 ? (
              <Empty>
                <p>No spaces yet. Create the first one above: a space holds pages, a collection groups spaces.</p>
              </Empty>
            ) : null}
            <SpaceList spaces={byCollection.get(undefined) ?? []} collections={allCollections} onDelete={(space) => remove.run(space)} onChanged={refresh} />
            {allCollections.map((collection) => (
              <section key={collection.id} aria-labelledby={`c-${collection.id}`}>
                <h2 id={`c-${collection.id}`}>
                  <AppLink to={`/app/collections/${collection.id}`}>{collection.title}</AppLink>
                </h2>
                <SpaceList
                  spaces={byCollection.get(collection.id) ?? []}
                  collections={allCollections}
                  onDelete={(space) => remove.run(space)}
                  onChanged={refresh}
                />
              </section>
            ))}
          </main>
        );
      }}
    </QueryState>
  );
}

/** The spaces by the collection holding them (undefined: at the top). */
function byParent(spaces: Schemas["Space"][]): Map<string | undefined, Schemas["Space"][]> {
  const byCollection = new Map<string | undefined, Schemas["Space"][]>();
  for (const space of spaces) {
    const list = byCollection.get(space.parent ?? undefined) ?? [];
    list.push(space);
    byCollection.set(space.parent ?? undefined, list);
  }
  return byCollection;
}

function SpaceList({
  spaces,
  collections,
  onDelete,
  onChanged,
}: {
  spaces: Schemas["Space"][];
  collections: Schemas["Collection"][];
  onDelete: (space: Schemas["Space"]) => void;
  onChanged: () => Promise<unknown>;
}) {
  if (spaces.length === 0) return <p className="muted">No spaces here.</p>;
  return (
    <ul className="cards">
      {spaces.map((space) => (
        <SpaceCard key={space.id} space={space} collections={collections} onDelete={onDelete} onChanged={onChanged} />
      ))}
    </ul>
  );
}

function SpaceCard({
  space,
  collections,
  onDelete,
  onChanged,
}: {
  space: Schemas["Space"];
  collections: Schemas["Collection"][];
  onDelete: (space: Schemas["Space"]) => void;
  onChanged: () => Promise<unknown>;
}) {
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(space.title);
  const rename = useWrite(async () => {
    await unwrap(api.PATCH("/v1/spaces/{spaceId}", { params: { path: { spaceId: space.id } }, body: { title } }));
    await onChanged();
    setRenaming(false);
  });
  const move = useWrite(async (parent: string | null) => {
    await unwrap(api.POST("/v1/spaces/{spaceId}/move", { params: { path: { spaceId: space.id } }, body: { parent } }));
    await onChanged();
  });
  return (
    <li className="card">
      {renaming ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void rename.run(undefined);
          }}
        >
          <label htmlFor={`rename-${space.id}`}>Title of the space</label>
          <input id={`rename-${space.id}`} value={title} required maxLength={50} onChange={(event) => setTitle(event.target.value)} />
          <button type="submit" disabled={rename.busy}>
            Save
          </button>
          <button type="button" className="quiet" onClick={() => setRenaming(false)}>
            Cancel
          </button>
          <WriteError write={rename} />
        </form>
      ) : (
        <AppLink to={`/app/spaces/${space.id}`} className="card-title">
          {space.emoji ? `${space.emoji} ` : ""}
          {space.title}
        </AppLink>
      )}
      {space.permissions?.edit && !renaming ? (
        <div className="card-actions">
          <button type="button" className="quiet" onClick={() => setRenaming(true)} aria-label={`Rename ${space.title}`}>
            Rename
          </button>
          <select aria-label={`Collection of ${space.title}`} value={space.parent ?? ""} onChange={(event) => void move.run(event.target.value || null)}>
            <option value="">No collection</option>
            {collections.map((collection) => (
              <option key={collection.id} value={collection.id}>
                {collection.title}
              </option>
            ))}
          </select>
          <button type="button" className="quiet danger" onClick={() => onDelete(space)} aria-label={`Delete ${space.title}`}>
            Delete
          </button>
          <WriteError write={move} />
        </div>
      ) : null}
    </li>
  );
}
