// A change request's summary: its state, who opened it, and the pages it changes.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api";
import { QueryState } from "../ui/QueryState";
import { AppLink, Empty } from "../ui/states";
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
  const pages = (changes.data?.changes ?? []).filter((change) => change.page);
  return (
    <QueryState query={cr} what="the change request">
      {(data) => (
        <main id="main" className="home">
          <nav className="breadcrumbs" aria-label="Breadcrumbs">
            <ol>
              <li>
                <AppLink to={`/app/spaces/${spaceId}/change-requests`}>Change requests</AppLink>
              </li>
            </ol>
          </nav>
          <h1>
            #{data.number} {data.subject || "Untitled change request"}
          </h1>
          <p>
            <span className={`badge ${data.status}`}>{data.status}</span> opened by {data.createdBy.displayName} on{" "}
            {new Date(data.createdAt).toLocaleDateString()}
          </p>
          <h2>Changed pages</h2>
          <QueryState query={changes} what="its changes" inline>
            {() =>
              pages.length === 0 ? (
                <Empty>No page changed yet.</Empty>
              ) : (
                <ul className="cards">
                  {pages.map((change) => (
                    <li key={`${change.type}-${change.page?.id}`} className="card">
                      <span className="card-title">{change.page?.title}</span> <span className="badge">{change.type.replace("page_", "")}</span>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
          <Review spaceId={spaceId} cr={data} changes={pages} />
        </main>
      )}
    </QueryState>
  );
}
