// A page as its published site shows it: the HTML the sites' renderer makes (sanitized on the server),
// breadcrumbs above, the outline of its headings beside. Links to other pages open them here.
import { useRef } from "react";
import { useRenderedPage } from "../queries";
import { EditButton } from "../screens/editor/EditButton";
import { type TreePage, trail } from "../tree";
import { useInAppLinks } from "./inAppLinks";
import type { TreeActions } from "./PageTree";
import { AppLink, Loading, Problem } from "./states";

export function PageView({
  spaceId,
  pageId,
  pages,
  editable,
  actions,
}: {
  spaceId: string;
  pageId: string;
  pages: TreePage[];
  editable: boolean;
  actions: TreeActions;
}) {
  const page = useRenderedPage(spaceId, pageId);
  const crumbs = trail(pages, pageId);
  const title = crumbs.at(-1)?.title ?? "";

  const body = useRef<HTMLDivElement>(null);
  useInAppLinks(body);

  return (
    <>
      <main id="main" className="page-main">
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <ol>
            {crumbs.slice(0, -1).map((crumb) => (
              <li key={crumb.id}>
                <AppLink to={`/app/spaces/${spaceId}/pages/${crumb.id}`}>{crumb.title}</AppLink>
              </li>
            ))}
          </ol>
        </nav>
        <article>
          <header>
            <h1>{page.data?.title ?? title}</h1>
            {page.data?.description ? <p className="description">{page.data.description}</p> : null}
            {editable ? (
              <p className="page-actions">
                <EditButton spaceId={spaceId} pageId={pageId} title={title} />
                <button
                  type="button"
                  className="quiet"
                  onClick={() => {
                    const renamed = window.prompt("New title", title)?.trim();
                    if (renamed && renamed !== title) actions.rename(pageId, renamed);
                  }}
                >
                  Rename
                </button>
                <button type="button" className="quiet danger" onClick={() => actions.remove(pageId, title)}>
                  Delete
                </button>
              </p>
            ) : null}
          </header>
          {page.isPending ? <Loading what="the page" /> : null}
          {page.isError ? <Problem error={page.error} retry={() => page.refetch()} /> : null}
          {page.data ? (
            // Sanitized by the server (the sites' renderer: no script, no handler); the CSP forbids inline script anyway.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the published sites' own sanitized HTML
            <div className="page-body" ref={body} dangerouslySetInnerHTML={{ __html: page.data.html }} />
          ) : null}
          {page.data && !page.data.html.trim() ? <p className="muted">This page is empty.</p> : null}
        </article>
      </main>
      <aside className="toc" aria-label="On this page">
        {page.data && page.data.headings.length > 0 ? (
          <>
            <h2>On this page</h2>
            <ul>
              {page.data.headings.map((heading) => (
                <li key={heading.anchor} className={`level-${heading.level}`}>
                  <a href={`#${heading.anchor}`}>{heading.text}</a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </aside>
    </>
  );
}
