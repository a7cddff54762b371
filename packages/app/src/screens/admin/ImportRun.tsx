// One import run: its live progress (pages written out of all, what it read last), then its pages or its
// failure's reason.
import type { Schemas } from "@docstack/sdk";
import { useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api";
import { useTree } from "../../queries";
import type { TreePage } from "../../tree";
import { useWrite, WriteError } from "../../ui/forms";
import { AppLink, Loading } from "../../ui/states";
import { dateTime, ProgressBar } from "./AdminNav";
import { adminKeys } from "./queries";

type Run = Schemas["ContentImportRun"];
export const active = (run: Run) => run.status === "pending" || run.status === "in-progress";

/** Where the run reads from, in words (a zip sent inline has no URL). */
function sourceOf(source: Run["source"]): string {
  if (source.type === "zip" && !source.url) return "a zip archive";
  const ref = source.type === "git" && source.ref ? ` (${source.ref.replace(/^refs\/heads\//, "")})` : "";
  return `${source.url ?? source.type}${ref}`;
}

const STATUS: Record<Run["status"], string> = {
  pending: "Waiting to start",
  "in-progress": "Importing",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

export function ImportRun({ organizationId, run, spaceTitle }: { organizationId: string; run: Run; spaceTitle: string }) {
  const running = active(run);
  const queries = useQueryClient();
  const cancel = useWrite(async () => {
    await unwrap(
      api.POST("/v1/org/{organizationId}/imports/{importRunId}/cancel", {
        params: { path: { organizationId, importRunId: run.id } },
      }),
    );
    await queries.invalidateQueries({ queryKey: adminKeys.imports(organizationId) });
  });
  const total = run.status === "completed" ? Math.max(run.totalPages, run.importedPages) : run.totalPages;
  const text = `${run.importedPages} of ${total || "?"} pages`;
  // What it reads now: the source of the page it wrote last (the pages are listed in the order written).
  const reading = run.pages.findLast((page) => page.sourceURL)?.sourceURL;
  return (
    <li className="card import-run">
      <span className="card-title">Into {spaceTitle}</span>
      <span className="muted">From {sourceOf(run.source)}</span>
      <span className="muted">{dateTime(run.createdAt)}</span>
      <span className={`badge status-${run.status}`}>{STATUS[run.status]}</span>
      <ProgressBar label={`Import into ${spaceTitle}`} done={run.importedPages} total={total || undefined} text={`${STATUS[run.status]}: ${text}`} />
      <span>{text}</span>
      {running && reading ? <span className="muted import-reading">Read last: {reading}</span> : null}
      {running ? (
        <button type="button" className="quiet" disabled={cancel.busy} onClick={() => void cancel.run(undefined)}>
          Cancel
        </button>
      ) : null}
      <WriteError write={cancel} />
      {run.status === "failed" ? (
        <p className="error" role="alert">
          The import failed: {run.reason ?? "no reason was given."}
        </p>
      ) : null}
      {run.status === "completed" ? <RunPages run={run} /> : null}
    </li>
  );
}

function RunPages({ run }: { run: Run }) {
  const tree = useTree(run.target.space);
  const titles = new Map<string, string>();
  const walk = (pages: readonly TreePage[]) => {
    for (const page of pages) {
      titles.set(page.id, page.title);
      walk(page.pages ?? []);
    }
  };
  walk(tree.data ?? []);
  const pages = run.pages.filter((page) => page.type === "page" && titles.has(page.id));
  return (
    <details className="run-pages">
      <summary>The {run.importedPages} pages imported</summary>
      {tree.isPending ? <Loading what="the pages" /> : null}
      <ul>
        {pages.map((page) => (
          <li key={page.id}>
            <AppLink to={`/app/spaces/${run.target.space}/pages/${page.id}`}>{titles.get(page.id)}</AppLink>
            {page.sourceURL ? <span className="muted"> from {page.sourceURL}</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
