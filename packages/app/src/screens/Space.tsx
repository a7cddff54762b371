// A space: its page tree beside the open page (rendered as its published site renders it), with
// breadcrumbs and the page's outline. The tree is rearranged here; each change is merged at once.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { navigate } from "../navigation";
import { changeContent, keys, useSpace, useTree } from "../queries";
import { find, type Move } from "../tree";
import { useWrite, WriteError } from "../ui/forms";
import { PageTree } from "../ui/PageTree";
import { PageView } from "../ui/PageView";
import { Share } from "../ui/Share";
import { AppLink, Empty, Loading, Problem } from "../ui/states";

export default function Space({ spaceId, pageId }: { spaceId: string; pageId: string | undefined }) {
  const space = useSpace(spaceId);
  const tree = useTree(spaceId);
  const queries = useQueryClient();
  const [said, say] = useState("");
  const [newTitle, setNewTitle] = useState("");
  const [sharing, setSharing] = useState(false);

  const edit = useWrite(async ({ subject, changes, done }: { subject: string; changes: Parameters<typeof changeContent>[2]; done: string }) => {
    await changeContent(spaceId, subject, changes);
    await queries.invalidateQueries({ queryKey: keys.space(spaceId) });
    say(done);
  });
  const open = (id: string) => navigate(`/app/spaces/${spaceId}/pages/${id}`);
  const actions = {
    open,
    move: (move: Move, title: string) =>
      void edit.run({
        subject: `Move “${title}”`,
        changes: [{ operation: "update_page", page: move.page, into: move.into, at: move.at }],
        done: `Moved “${title}”.`,
      }),
    rename: (id: string, title: string) =>
      void edit.run({ subject: `Rename a page to “${title}”`, changes: [{ operation: "update_page", page: id, title }], done: `Renamed to “${title}”.` }),
    remove: (id: string, title: string) => {
      if (!window.confirm(`Delete “${title}” and its sub-pages?`)) return;
      void edit.run({ subject: `Delete “${title}”`, changes: [{ operation: "delete_page", page: id }], done: `Deleted “${title}”.` }).then((done) => {
        if (done && id === pageId) navigate(`/app/spaces/${spaceId}`, { replace: true });
      });
    },
  };

  if (space.isError)
    return (
      <main id="main">
        <Problem error={space.error} retry={() => space.refetch()} />
      </main>
    );
  if (space.isPending || tree.isPending)
    return (
      <main id="main">
        <Loading what="the space" />
      </main>
    );
  if (tree.isError)
    return (
      <main id="main">
        <Problem error={tree.error} retry={() => tree.refetch()} />
      </main>
    );
  const pages = tree.data;
  const editable = Boolean(space.data.permissions?.edit);
  const shown = pageId ?? firstDocument(pages);

  return (
    <div className="space-layout">
      <nav className="space-nav" aria-label="Space">
        <h1 className="space-title">{space.data.title}</h1>
        <p className="space-links">
          <AppLink to={`/app/spaces/${spaceId}/change-requests`}>Change requests</AppLink>
          {space.data.permissions?.admin ? (
            <button type="button" className="quiet" aria-expanded={sharing} onClick={() => setSharing(!sharing)}>
              Share
            </button>
          ) : null}
        </p>
        {sharing ? <Share target={{ kind: "space", id: spaceId }} organizationId={space.data.organization} title={space.data.title} /> : null}
        <PageTree pages={pages} current={shown} editable={editable} actions={actions} />
        {editable ? (
          <>
            <p className="hint-line" id="tree-keys">
              Alt+arrows move the focused page, F2 renames it, Delete deletes it; pages can be dragged.
            </p>
            <form
              className="inline-form"
              onSubmit={async (event) => {
                event.preventDefault();
                const title = newTitle.trim();
                const made = await edit.run({
                  subject: `Add “${title}”`,
                  changes: [{ operation: "insert_page", title, document: { markdown: "" } }],
                  done: `Added “${title}”.`,
                });
                if (made) setNewTitle("");
              }}
            >
              <label htmlFor="new-page">New page</label>
              <input id="new-page" required maxLength={100} value={newTitle} onChange={(event) => setNewTitle(event.target.value)} />
              <button type="submit" disabled={edit.busy}>
                Add
              </button>
            </form>
          </>
        ) : null}
        <WriteError write={edit} />
        <p className="visually-hidden" role="status" aria-live="polite">
          {edit.busy ? "Saving…" : said}
        </p>
      </nav>
      {shown && find(pages, shown) ? (
        <PageView spaceId={spaceId} pageId={shown} pages={pages} editable={editable} actions={actions} />
      ) : (
        <main id="main" className="page-main">
          {pageId ? <Problem error={{ status: 404 }} /> : <Empty>This space has no pages yet{editable ? ": add the first one." : "."}</Empty>}
        </main>
      )}
    </div>
  );
}

function firstDocument(pages: ReturnType<typeof useTree>["data"] & object): string | undefined {
  for (const page of pages) {
    if (page.type === "document") return page.id;
    const inside = firstDocument(page.pages ?? []);
    if (inside) return inside;
  }
  return undefined;
}
