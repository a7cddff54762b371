// A change request's preview: its pages as its published site will show them once merged (the sites' renderer on
// the server, the sites' stylesheet here, dressed in the look of the site publishing the space: ./siteLook), at /app/spaces/{id}/change-requests/{number}/preview[/{pageId}]. Only
// those who can read the change request get its pages: anyone else gets the API's 404, shown as "Not found".
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { api, unwrap } from "../api";
import { useInAppLinks } from "../ui/inAppLinks";
import { QueryState } from "../ui/QueryState";
import { AppLink, Empty, Loading, Problem } from "../ui/states";
import { useSiteLook } from "./siteLook";

interface PreviewPage {
  id: string;
  title: string;
  depth: number;
}

/** The tree's document pages in reading order, with their depth (groups and links are not pages of the site). */
function documentsOf(pages: readonly { id: string; title: string; type: string; pages?: unknown }[], depth = 0): PreviewPage[] {
  return pages.flatMap((page) => [
    ...(page.type === "document" ? [{ id: page.id, title: page.title, depth }] : []),
    ...documentsOf((page.pages ?? []) as typeof pages, depth + 1),
  ]);
}

export const previewPath = (spaceId: string, number: number | string, pageId?: string) =>
  `/app/spaces/${spaceId}/change-requests/${number}/preview${pageId ? `/${pageId}` : ""}`;

export default function ChangeRequestPreview({ spaceId, number, pageId }: { spaceId: string; number: string; pageId?: string | undefined }) {
  const at = { spaceId, changeRequestId: number };
  const cr = useQuery({
    queryKey: ["space", spaceId, "change-request", number],
    queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", { params: { path: at } })),
  });
  const tree = useQuery({
    queryKey: ["space", spaceId, "change-request", number, "preview"],
    queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/pages", { params: { path: at } })),
  });
  return (
    <QueryState query={cr} what="the change request">
      {(data) => (
        <div className="space-layout preview-layout">
          <nav className="space-nav" aria-label="Preview">
            <p className="preview-banner">
              Preview of <AppLink to={`/app/spaces/${spaceId}/change-requests/${data.number}`}>#{data.number}</AppLink>: as its site will show it once merged.
            </p>
            <h1 className="space-title">{data.subject || "Untitled change request"}</h1>
            <QueryState query={tree} what="its pages" inline>
              {({ pages }) => {
                const documents = documentsOf(pages);
                return (
                  <ul className="preview-pages">
                    {documents.map((page) => (
                      <li key={page.id} style={{ paddingLeft: `${page.depth}rem` }}>
                        <AppLink
                          to={previewPath(spaceId, data.number, page.id)}
                          {...(page.id === (pageId ?? documents[0]?.id) ? { "aria-current": "page" } : {})}
                        >
                          {page.title}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                );
              }}
            </QueryState>
          </nav>
          <QueryState query={tree} what="its pages">
            {({ pages }) => {
              const shown = pageId ?? documentsOf(pages)[0]?.id;
              return shown ? (
                <PreviewedPage spaceId={spaceId} number={number} pageId={shown} />
              ) : (
                <main id="main" className="page-main">
                  <Empty>This change request has no pages.</Empty>
                </main>
              );
            }}
          </QueryState>
        </div>
      )}
    </QueryState>
  );
}

function PreviewedPage({ spaceId, number, pageId }: { spaceId: string; number: string; pageId: string }) {
  const page = useQuery({
    queryKey: ["space", spaceId, "change-request", number, "preview", pageId],
    queryFn: () =>
      unwrap(
        api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/rendered", {
          params: { path: { spaceId, changeRequestId: number, pageId } },
        }),
      ),
  });
  const body = useRef<HTMLDivElement>(null);
  useInAppLinks(body);
  const look = useSiteLook(spaceId);
  return (
    <main id="main" className="page-main" style={look}>
      {page.isPending ? <Loading what="the page" /> : null}
      {page.isError ? <Problem error={page.error} retry={() => page.refetch()} /> : null}
      {page.data ? (
        <article>
          <header>
            <h2 className="preview-title">{page.data.title}</h2>
            {page.data.description ? <p className="description">{page.data.description}</p> : null}
          </header>
          {/* Sanitized by the server (the sites' renderer: no script, no handler); the CSP forbids inline script anyway. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the published sites' own sanitized HTML */}
          <div className="page-body" ref={body} dangerouslySetInnerHTML={{ __html: page.data.html }} />
        </article>
      ) : null}
    </main>
  );
}
