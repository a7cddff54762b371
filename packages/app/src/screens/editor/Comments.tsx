// A changed page's discussion, beside its diff: the change request's comments on the page or on one of its
// headings (the API anchors comments to headings only), each with its replies, a reply box and resolve/reopen.
// Writing keeps what was typed until the API took it.
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { Loading, Problem } from "../../ui/states";

type Comment = Schemas["Comment"];
interface Place {
  spaceId: string;
  changeRequestId: string;
  pageId: string;
}

const textOf = (body: Comment["body"]) => ("markdown" in body ? body.markdown : "");
const commentsKey = ({ spaceId, changeRequestId, pageId }: Place) => ["space", spaceId, "change-request", changeRequestId, "comments", pageId];

export default function Comments({ place, title, writable }: { place: Place; title: string; writable: boolean }) {
  const { spaceId, changeRequestId, pageId } = place;
  const comments = useQuery({
    queryKey: commentsKey(place),
    queryFn: () =>
      unwrap(
        api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments", {
          params: { path: { spaceId, changeRequestId }, query: { targetPage: pageId, order: "asc", limit: 100 } },
        }),
      ),
  });
  // The headings a comment can be on: the change request's version of the page, as its site renders it.
  const headings = useQuery({
    queryKey: ["space", spaceId, "change-request", changeRequestId, "preview", pageId],
    queryFn: () =>
      unwrap(
        api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/rendered", {
          params: { path: { spaceId, changeRequestId, pageId } },
        }),
      ),
    select: (page) => page.headings,
  });
  return (
    <section className="comments" aria-label={`Comments on ${title}`}>
      <h4>Comments</h4>
      {comments.isPending ? <Loading what="the comments" /> : null}
      {comments.isError ? <Problem error={comments.error} retry={() => comments.refetch()} /> : null}
      {comments.data?.items.length === 0 ? <p className="muted">No comment yet.</p> : null}
      <ul className="threads">
        {comments.data?.items.map((comment) => (
          <Thread key={comment.id} place={place} comment={comment} />
        ))}
      </ul>
      {writable ? <NewComment place={place} headings={headings.data ?? []} /> : null}
    </section>
  );
}

function NewComment({ place, headings }: { place: Place; headings: { anchor: string; text: string }[] }) {
  const queries = useQueryClient();
  const id = useId();
  const [text, setText] = useState("");
  const [node, setNode] = useState("");
  const post = useWrite(async () => {
    const { spaceId, changeRequestId, pageId } = place;
    await unwrap(
      api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments", {
        params: { path: { spaceId, changeRequestId } },
        body: { page: pageId, ...(node ? { node } : {}), body: { markdown: text } },
      }),
    );
    setText("");
    await queries.invalidateQueries({ queryKey: commentsKey(place) });
  });
  return (
    <form
      className="new-comment"
      onSubmit={(event) => {
        event.preventDefault();
        void post.run(undefined);
      }}
    >
      <label htmlFor={`${id}-on`}>On</label>
      <select id={`${id}-on`} value={node} onChange={(event) => setNode(event.target.value)}>
        <option value="">The whole page</option>
        {headings.map((heading) => (
          <option key={heading.anchor} value={heading.anchor}>
            {heading.text}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-text`}>Comment</label>
      <textarea id={`${id}-text`} required rows={3} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" disabled={post.busy}>
        Comment
      </button>
      <WriteError write={post} />
    </form>
  );
}

function Thread({ place, comment }: { place: Place; comment: Comment }) {
  const queries = useQueryClient();
  const id = useId();
  const [reply, setReply] = useState("");
  const path = { spaceId: place.spaceId, changeRequestId: place.changeRequestId, commentId: comment.id };
  const replies = useQuery({
    queryKey: [...commentsKey(place), comment.id, "replies"],
    enabled: comment.replies > 0,
    queryFn: () =>
      unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies", { params: { path, query: { limit: 100 } } })),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: commentsKey(place) });
  const answer = useWrite(async () => {
    await unwrap(
      api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}/replies", {
        params: { path },
        body: { body: { markdown: reply } },
      }),
    );
    setReply("");
    await refresh();
  });
  const resolve = useWrite(async (resolved: boolean) => {
    await unwrap(api.PUT("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/comments/{commentId}", { params: { path }, body: { resolved } }));
    await refresh();
  });
  const resolved = comment.status === "resolved";
  const on = comment.target.node ? `On “${comment.target.node.preview}”` : "On the page";
  return (
    <li className={`thread${resolved ? " resolved" : ""}`}>
      <article aria-label={`Comment by ${comment.postedBy.displayName}`}>
        <p className="muted">
          {on} · {comment.postedBy.displayName}
          {resolved ? " · Resolved" : ""}
        </p>
        <p className="comment-text">{textOf(comment.body)}</p>
        {replies.data?.items.map((item) => (
          <p key={item.id} className="reply">
            <span className="muted">{item.postedBy.displayName}: </span>
            {textOf(item.body)}
          </p>
        ))}
        {comment.permissions.reply ? (
          <>
            <form
              className="reply-form"
              onSubmit={(event) => {
                event.preventDefault();
                void answer.run(undefined);
              }}
            >
              <label htmlFor={`${id}-reply`}>Reply to {comment.postedBy.displayName}</label>
              <input id={`${id}-reply`} required value={reply} onChange={(event) => setReply(event.target.value)} />
              <button type="submit" disabled={answer.busy}>
                Reply
              </button>
            </form>
            <button type="button" className="quiet" disabled={resolve.busy} onClick={() => void resolve.run(!resolved)}>
              {resolved ? "Reopen" : "Resolve"}
            </button>
          </>
        ) : null}
        <WriteError write={answer} />
        <WriteError write={resolve} />
      </article>
    </li>
  );
}
