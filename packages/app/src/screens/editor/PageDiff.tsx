// A changed page as its reviewer sees it: the space's version against the change request's, block by block
// (added, removed, changed with its words marked), unchanged blocks folded. Loaded with the editor's code.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api";
import { Loading, Problem } from "../../ui/states";
import { diffBlocks } from "./diff";

const markdownOf = (page: object) => ("markdown" in page && typeof page.markdown === "string" ? page.markdown : "");

export default function PageDiff({
  spaceId,
  changeRequestId,
  pageId,
  created,
}: {
  spaceId: string;
  changeRequestId: string;
  pageId: string;
  created: boolean;
}) {
  const diff = useQuery({
    queryKey: ["space", spaceId, "change-request", changeRequestId, "diff", pageId],
    queryFn: async () => {
      const after = await unwrap(
        api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}", { params: { path: { spaceId, changeRequestId, pageId } } }),
      );
      const before = created ? "" : markdownOf(await unwrap(api.GET("/v1/spaces/{spaceId}/content/page/{pageId}", { params: { path: { spaceId, pageId } } })));
      return diffBlocks(before, markdownOf(after));
    },
  });
  if (diff.isPending) return <Loading what="the changes" />;
  if (diff.isError) return <Problem error={diff.error} retry={() => diff.refetch()} />;
  const unchanged = diff.data.filter((block) => block.kind === "same").length;
  return (
    <div className="page-diff">
      {diff.data.map((block, i) => {
        const key = `${i}-${block.kind}`;
        if (block.kind === "same") return null;
        if (block.kind === "changed")
          return (
            <div key={key} className="diff-block changed">
              <span className="visually-hidden">Changed: </span>
              {block.words.map((word, w) =>
                word.kind === "added" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the words' order is their identity
                  <ins key={w}>{word.text}</ins>
                ) : word.kind === "removed" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the words' order is their identity
                  <del key={w}>{word.text}</del>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the words' order is their identity
                  <span key={w}>{word.text}</span>
                ),
              )}
            </div>
          );
        return (
          <div key={key} className={`diff-block ${block.kind}`}>
            <span className="visually-hidden">{block.kind === "added" ? "Added: " : "Removed: "}</span>
            {block.kind === "added" ? <ins>{block.text}</ins> : <del>{block.text}</del>}
          </div>
        );
      })}
      <p className="muted">{unchanged === 1 ? "1 block unchanged." : `${unchanged} blocks unchanged.`}</p>
    </div>
  );
}
