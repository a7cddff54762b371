// A changed page as its reviewer sees it: the space's version against the change request's, block by block
// (added, removed, changed with its words marked), unchanged blocks folded; or, toggled, its Markdown line by line.
// Loaded with the editor's code.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { Loading, Problem } from "../../ui/states";
import { type BlockChange, diffBlocks, diffLines, type LineChange } from "./diff";

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
      return { blocks: diffBlocks(before, markdownOf(after)), lines: diffLines(before, markdownOf(after)) };
    },
  });
  const [markdown, showMarkdown] = useState(false);
  if (diff.isPending) return <Loading what="the changes" />;
  if (diff.isError) return <Problem error={diff.error} retry={() => diff.refetch()} />;
  return (
    <div>
      <fieldset className="diff-toggle">
        <legend className="visually-hidden">Show the changes as</legend>
        <button type="button" className="quiet" aria-pressed={!markdown} onClick={() => showMarkdown(false)}>
          Visual
        </button>
        <button type="button" className="quiet" aria-pressed={markdown} onClick={() => showMarkdown(true)}>
          Markdown
        </button>
      </fieldset>
      {markdown ? <MarkdownDiff lines={diff.data.lines} /> : <VisualDiff blocks={diff.data.blocks} />}
    </div>
  );
}

const MARK = { added: "+ ", removed: "- ", same: "  " } as const;

/** Changed lines with a line of context around each run; the rest folded into "⋯". */
function MarkdownDiff({ lines }: { lines: LineChange[] }) {
  const near = (i: number) => lines.slice(Math.max(0, i - 1), i + 2).some((line) => line.kind !== "same");
  const rows: { kind: LineChange["kind"] | "fold"; text: string }[] = [];
  lines.forEach((line, i) => {
    if (line.kind !== "same" || near(i)) rows.push({ kind: line.kind, text: `${MARK[line.kind]}${line.line}\n` });
    else if (rows.at(-1)?.kind !== "fold") rows.push({ kind: "fold", text: "⋯\n" });
  });
  return (
    <section aria-label="Markdown changes">
      <pre className="markdown-diff">
        {rows.map((row, i) => {
          const Tag = row.kind === "added" ? "ins" : row.kind === "removed" ? "del" : "span";
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines' order is their identity
            <Tag key={i} className={row.kind === "fold" ? "muted" : undefined}>
              {row.text}
            </Tag>
          );
        })}
      </pre>
    </section>
  );
}

function VisualDiff({ blocks }: { blocks: BlockChange[] }) {
  const unchanged = blocks.filter((block) => block.kind === "same").length;
  return (
    <div className="page-diff">
      {blocks.map((block, i) => {
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
