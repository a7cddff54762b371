// A change request's summary: its state, who opened it, and the pages it changes.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api";
import { AppLink, Empty, Loading, Problem } from "../ui/states";
import { Review } from "./editor/Review";

export default function ChangeRequest({ spaceId, number }: { spaceId: string; number: string }) {
  const cr = useQuery({
    queryKey: ["space", spaceId, "change-request", number],
    queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", { params: { path: { spaceId, changeRequestId: number } } })),
  });
  const changes = useQuery({
    queryKey: ["space", spaceId, "change-request", number, "changes"],
    queryFn: () =>
      unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes", { params: { path: { spaceId, changeRequestId: number } } })),
  });
  if (cr.isError)
    return (
      <main id="main">
        <Problem error={cr.error} retry={() => cr.refetch()} />
      </main>
    );
  if (cr.isPending)
    return (
      <main id="main">
        <Loading what="the change request" />
      </main>
    );
  const pages = (changes.data?.changes ?? []).filter((change) => change.page);
  return (
    <main id="main" className="home">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <AppLink to={`/app/spaces/${spaceId}/change-requests`}>Change requests</AppLink>
          </li>
        </ol>
      </nav>
      <h1>
        #{cr.data.number} {cr.data.subject || "Untitled change request"}
      </h1>
      <p>
        <span className={`badge ${cr.data.status}`}>{cr.data.status}</span> opened by {cr.data.createdBy.displayName} on{" "}
        {new Date(cr.data.createdAt).toLocaleDateString()}
      </p>
      <h2>Changed pages</h2>
      {changes.isPending ? <Loading what="its changes" /> : null}
      {changes.isError ? <Problem error={changes.error} retry={() => changes.refetch()} /> : null}
      {changes.isSuccess && pages.length === 0 ? <Empty>No page changed yet.</Empty> : null}
      <ul className="cards">
        {pages.map((change) => (
          <li key={`${change.type}-${change.page?.id}`} className="card">
            <span className="card-title">{change.page?.title}</span> <span className="badge">{change.type.replace("page_", "")}</span>
          </li>
        ))}
      </ul>
      <Review spaceId={spaceId} cr={cr.data} changes={pages} />
    </main>
  );
}
