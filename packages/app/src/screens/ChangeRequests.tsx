// A space's change requests: by status, mine, and those waiting for my review.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../api";
import { useSpace, useUser } from "../queries";
import { AppLink, Empty, Loading, Problem } from "../ui/states";

const FILTERS = ["open", "draft", "merged", "archived", "mine", "to review"] as const;
type Filter = (typeof FILTERS)[number];

export default function ChangeRequests({ spaceId }: { spaceId: string }) {
  const [filter, setFilter] = useState<Filter>("open");
  const user = useUser();
  const space = useSpace(spaceId);
  const me = user.data?.id ?? "";
  const list = useQuery({
    queryKey: ["space", spaceId, "change-requests", filter],
    enabled: Boolean(me),
    queryFn: () => {
      const query = filter === "mine" ? { creator: me } : filter === "to review" ? { requestedReviewer: me, status: "open" as const } : { status: filter };
      return unwrap(api.GET("/v1/spaces/{spaceId}/change-requests", { params: { path: { spaceId }, query: { ...query, limit: 100 } } }));
    },
  });
  if (space.isError)
    return (
      <main id="main">
        <Problem error={space.error} />
      </main>
    );
  return (
    <main id="main" className="home">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <AppLink to={`/app/spaces/${spaceId}`}>{space.data?.title ?? "Space"}</AppLink>
          </li>
        </ol>
      </nav>
      <h1>Change requests</h1>
      <fieldset className="tabs">
        <legend className="visually-hidden">Show</legend>
        {FILTERS.map((name) => (
          <button key={name} type="button" aria-pressed={filter === name} onClick={() => setFilter(name)}>
            {name[0]?.toUpperCase()}
            {name.slice(1)}
          </button>
        ))}
      </fieldset>
      {list.isPending ? <Loading what="change requests" /> : null}
      {list.isError ? <Problem error={list.error} retry={() => list.refetch()} /> : null}
      {list.data?.items.length === 0 ? <Empty>No change requests here.</Empty> : null}
      <ul className="cards">
        {list.data?.items.map((cr) => (
          <li key={cr.id} className="card">
            <AppLink to={`/app/spaces/${spaceId}/change-requests/${cr.number}`} className="card-title">
              #{cr.number} {cr.subject || "Untitled change request"}
            </AppLink>
            <span className={`badge ${cr.status}`}>{cr.status}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
