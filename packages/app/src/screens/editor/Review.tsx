// Review on a change request's screen: "Request review" (proposes it: status open, and asks a colleague),
// "Approve", "Merge" (as the space's merge rules allow), and each changed page's diff (the editor's code, loaded
// when the screen shows one).
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { AppLink, Loading } from "../../ui/states";
import { editorPath } from "./EditButton";

const PageDiff = lazy(() => import("./PageDiff"));

type ChangeRequest = Schemas["ChangeRequest"];
type Change = { type: string; page?: { id: string; title: string } | undefined };

export function Review({ spaceId, cr, changes }: { spaceId: string; cr: ChangeRequest; changes: Change[] }) {
  const queries = useQueryClient();
  const [said, say] = useState("");
  const [reviewer, setReviewer] = useState("");
  const path = { spaceId, changeRequestId: cr.id };
  const space = useQuery({ queryKey: ["space", spaceId], queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}", { params: { path: { spaceId } } })) });
  const organizationId = space.data?.organization;
  const members = useQuery({
    queryKey: ["org", organizationId, "members"],
    enabled: Boolean(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/members", { params: { path: { organizationId: organizationId! }, query: { limit: 1000 } } })),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: ["space", spaceId, "change-request"] });
  const act = useWrite(async (action: "request" | "approve" | "merge") => {
    if (action === "request") {
      if (reviewer)
        await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers", { params: { path }, body: { users: [reviewer] } }));
      if (cr.status === "draft")
        await unwrap(api.PATCH("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", { params: { path }, body: { status: "open" } }));
      say("Review requested.");
    } else if (action === "approve") {
      await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews", { params: { path }, body: { status: "approved" } }));
      say("Approved.");
    } else {
      const merged = await unwrap(api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge", { params: { path } }));
      if (merged.result !== "merge") throw new Error("The space changed the same pages meanwhile: update the change request from the space, then merge.");
      say("Merged.");
      await queries.invalidateQueries({ queryKey: ["space", spaceId] });
    }
    await refresh();
  });
  const active = cr.status === "draft" || cr.status === "open";
  const pages = changes.filter((change) => change.page && (change.type === "page_edited" || change.type === "page_created"));

  return (
    <>
      {active ? (
        <section className="review-actions" aria-label="Review">
          <p className="actions">
            {members.data ? (
              <>
                <label htmlFor="reviewer">Reviewer</label>
                <select id="reviewer" value={reviewer} onChange={(event) => setReviewer(event.target.value)}>
                  <option value="">Anyone</option>
                  {members.data.items.map((member) => (
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
            <button type="button" disabled={act.busy} onClick={() => void act.run("approve")}>
              Approve
            </button>
            <button type="button" disabled={act.busy} onClick={() => void act.run("merge")}>
              Merge
            </button>
          </p>
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
            ) : null}
          </h3>
          <Suspense fallback={<Loading what="the changes" />}>
            <PageDiff spaceId={spaceId} changeRequestId={cr.id} pageId={change.page!.id} created={change.type === "page_created"} />
          </Suspense>
        </section>
      ))}
    </>
  );
}
