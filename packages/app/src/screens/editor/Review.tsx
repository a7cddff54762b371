// Review on a change request's screen: who is asked to review and what each reviewer said; "Request review"
// (a reviewer picked among the members, one request each; a draft becomes open), "Approve", "Request changes",
// "Merge" (disabled while the server says the merge would be refused, GET .../mergeability, and described by its
// reasons); a merge refused because the space changed the same pages lists them and offers to update from the
// space, keeping the writer's edits, then to edit. Each changed page: its diff (the editor's code, loaded when the
// screen shows one) beside its comments, and its preview.
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { navigate } from "../../navigation";
import { useUser } from "../../queries";
import { useWrite, WriteError } from "../../ui/forms";
import { Lazy, lazyView } from "../../ui/lazyView";
import { AppLink, Loading } from "../../ui/states";
import { previewPath } from "../ChangeRequestPreview";
import { editorPath } from "./EditButton";

const PageDiff = lazyView(() => import("./PageDiff"), "the changes");
const Comments = lazyView(() => import("./Comments"), "the comments");

type ChangeRequest = Schemas["ChangeRequest"];
type Change = { type: string; page?: { id: string; title: string } | undefined };
type Conflict = Schemas["ChangeRequestConflict"];

export function Review({ spaceId, cr, changes }: { spaceId: string; cr: ChangeRequest; changes: Change[] }) {
  const queries = useQueryClient();
  const [said, say] = useState("");
  const [reviewer, setReviewer] = useState("");
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const path = { spaceId, changeRequestId: cr.id };
  const user = useUser();
  const space = useQuery({ queryKey: ["space", spaceId], queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId } } })) });
  const organizationId = space.data?.organization;
  const members = useQuery({
    queryKey: ["org", organizationId, "members"],
    enabled: Boolean(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/members", { params: { path: { organizationId: organizationId! }, query: { limit: 1000 } } })),
  });
  const reviewKey = ["space", spaceId, "change-request", cr.id, "reviews"];
  const reviews = useQuery({
    queryKey: [...reviewKey, "given"],
    queryFn: () =>
      unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews", { params: { path, query: { outdated: false, limit: 100 } } })),
  });
  const requested = useQuery({
    queryKey: [...reviewKey, "requested"],
    queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers", { params: { path, query: { limit: 100 } } })),
  });
  // Asked again after each review and write (refresh), and when the change request's content or status changes.
  const mergeability = useQuery({
    queryKey: ["space", spaceId, "change-request", cr.id, "mergeability", cr.revision, cr.status],
    queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/mergeability", { params: { path } })),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ["space", spaceId, "change-request"] });
  const act = useWrite(async (action: "request" | "approved" | "changes-requested" | "merge" | "update") => {
    if (action === "request") {
      if (reviewer)
        await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers", { params: { path }, body: { users: [reviewer] } }));
      if (cr.status === "draft")
        await unwrap(api.PATCH("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", { params: { path }, body: { status: "open" } }));
      setReviewer("");
      say("Review requested.");
    } else if (action === "approved" || action === "changes-requested") {
      await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews", { params: { path }, body: { status: action } }));
      say(action === "approved" ? "Approved." : "Changes requested.");
    } else if (action === "merge") {
      const merged = await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", { params: { path } }));
      if (merged.result !== "merge") {
        setConflicts(merged.conflicts);
        say("Not merged: the space changed the same pages meanwhile.");
      } else {
        say("Merged.");
        await queries.invalidateQueries({ queryKey: ["space", spaceId] });
      }
    } else {
      const { updateKeepingEdits } = await import("./updateFromMain");
      const both = await updateKeepingEdits(
        spaceId,
        cr,
        conflicts.map((conflict) => conflict.page.id),
      );
      const first = conflicts[0]!.page.id;
      setConflicts([]);
      await refresh();
      say(both > 0 ? `Updated from the space: ${both} places changed on both sides keep both versions.` : "Updated from the space.");
      navigate(editorPath(spaceId, cr.number, first));
      return;
    }
    await refresh();
  });
  const active = cr.status === "draft" || cr.status === "open";
  const pages = changes.filter((change) => change.page && (change.type === "page_edited" || change.type === "page_created"));
  const me = user.data?.id;
  const colleagues = members.data?.items.filter((member) => member.user.id !== cr.createdBy.id) ?? [];

  return (
    <>
      <section className="review-state" aria-labelledby="review-state">
        <h2 id="review-state">Review</h2>
        {reviews.isPending || requested.isPending ? <Loading what="the reviews" /> : null}
        <ul className="reviewers">
          {requested.data?.items.map((request) => {
            const review = reviews.data?.items.find((given) => given.reviewer.id === request.user.id);
            return (
              <li key={request.user.id}>
                {request.user.displayName}: {review ? reviewStatus(review.status) : "review requested"}
              </li>
            );
          })}
          {reviews.data?.items
            .filter((review) => !requested.data?.items.some((request) => request.user.id === review.reviewer.id))
            .map((review) => (
              <li key={review.id}>
                {review.reviewer.displayName}: {reviewStatus(review.status)}
              </li>
            ))}
        </ul>
        {requested.data?.items.length === 0 && reviews.data?.items.length === 0 ? <p className="muted">No review requested or given yet.</p> : null}
      </section>
      {active ? (
        <section className="review-actions" aria-label="Review actions">
          <p className="actions">
            {colleagues.length > 0 ? (
              <>
                <label htmlFor="reviewer">Reviewer</label>
                <select id="reviewer" value={reviewer} onChange={(event) => setReviewer(event.target.value)}>
                  <option value="">Anyone</option>
                  {colleagues.map((member) => (
                    <option key={member.user.id} value={member.user.id}>
                      {member.user.displayName}
                    </option>
                  ))}
                </select>
              </>
            ) : null}
            <button type="button" disabled={act.busy} onClick={() => void act.run("request")}>
              Request review
            </button>
            {me && me !== cr.createdBy.id ? (
              <>
                <button type="button" disabled={act.busy} onClick={() => void act.run("approved")}>
                  Approve
                </button>
                <button type="button" disabled={act.busy} onClick={() => void act.run("changes-requested")}>
                  Request changes
                </button>
              </>
            ) : null}
            <button type="button" disabled={act.busy || !mergeability.data?.mergeable} aria-describedby="merge-why" onClick={() => void act.run("merge")}>
              Merge
            </button>
            <AppLink className="quiet" to={previewPath(spaceId, cr.number)}>
              Preview
            </AppLink>
          </p>
          <div id="merge-why" className="muted">
            {mergeability.data ? (
              mergeability.data.blockers.length > 0 ? (
                <ul className="merge-blockers">
                  {mergeability.data.blockers.map((blocker) => (
                    <li key={`${blocker.reason} ${blocker.message}`}>{blocker.message}</li>
                  ))}
                </ul>
              ) : (
                <p>Ready to merge.</p>
              )
            ) : (
              <p>{mergeability.isError ? "Could not check whether it can be merged: reload to try again." : "Checking whether it can be merged…"}</p>
            )}
          </div>
          {conflicts.length > 0 ? (
            <div className="merge-conflict" role="alert">
              <h3>The space changed these pages too</h3>
              <ul>
                {conflicts.map((conflict) => (
                  <li key={conflict.page.id}>
                    {conflict.page.title}: {conflict.reason}
                  </li>
                ))}
              </ul>
              <p>
                Update from the space: your edits are kept (where both changed the same place, both versions stay, the space's first), then finish in the
                editor.
              </p>
              <button type="button" disabled={act.busy} onClick={() => void act.run("update")}>
                Update from the space and edit
              </button>
            </div>
          ) : null}
          <WriteError write={act} />
        </section>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {act.busy ? "Working…" : said}
      </p>
      {pages.map((change) => (
        <section key={change.page!.id} className="page-change" aria-label={`Changes to ${change.page!.title}`}>
          <h3>
            {change.page!.title}{" "}
            {active ? (
              <AppLink className="quiet" to={editorPath(spaceId, cr.number, change.page!.id)}>
                Edit
              </AppLink>
            ) : null}{" "}
            <AppLink className="quiet" to={previewPath(spaceId, cr.number, change.page!.id)}>
              Preview
            </AppLink>
          </h3>
          <div className="page-change-body">
            <Lazy view={PageDiff} props={{ spaceId, changeRequestId: cr.id, pageId: change.page!.id, created: change.type === "page_created" }} />
            <Lazy
              view={Comments}
              props={{ place: { spaceId, changeRequestId: cr.id, pageId: change.page!.id }, title: change.page!.title, writable: cr.status !== "merged" }}
            />
          </div>
        </section>
      ))}
    </>
  );
}

const reviewStatus = (status: string) => (status === "approved" ? "approved" : "changes requested");
