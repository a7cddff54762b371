// "Edit" on a page: editing happens in a change request, as in GitBook. It opens the writer's draft change request
// of the space, or starts one, on the editor screen of the page. Light: the editor's code loads only then.
import { useState } from "react";
import { api, messageOf, unwrap } from "../../api";
import { navigate } from "../../navigation";

/** The number of the writer's newest draft change request of the space, made when there is none. */
export async function draftChangeRequest(spaceId: string, title: string): Promise<number> {
  const me = await unwrap(api.GET("/v1/user"));
  const drafts = await unwrap(
    api.GET("/v1/spaces/{spaceId}/change-requests", { params: { path: { spaceId }, query: { status: "draft", creator: me.id, limit: 1 } } }),
  );
  const found = drafts.items[0];
  if (found) return found.number;
  const made = await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests", { params: { path: { spaceId } }, body: { subject: `Edit “${title}”` } }));
  return made.number;
}

export const editorPath = (spaceId: string, number: number | string, pageId: string) => `/app/spaces/${spaceId}/change-requests/${number}/edit/${pageId}`;

export function EditButton({ spaceId, pageId, title }: { spaceId: string; pageId: string; title: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(undefined);
          try {
            navigate(editorPath(spaceId, await draftChangeRequest(spaceId, title), pageId));
          } catch (failure) {
            setError(messageOf(failure));
            setBusy(false);
          }
        }}
      >
        Edit
      </button>
      {error ? (
        <span className="error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
