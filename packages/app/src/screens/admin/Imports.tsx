// Content in and out: a zip in GitBook's layout imported into a space ("Import"), each run's progress fed by
// the import run (pages written of all, polled while a run is active and the screen open), its pages at the
// end or its failure's reason; and a space exported as a zip (a download link).
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useSpaces, useTree } from "../../queries";
import type { TreePage } from "../../tree";
import { useWrite, WriteError } from "../../ui/forms";
import { AppLink, Empty, Loading, Problem } from "../../ui/states";
import { dateTime, ProgressBar } from "./AdminNav";
import { adminKeys } from "./queries";

/** The largest archive the API takes inline (its `data` is at most 1,000,000 base64 characters). */
const MAX_ZIP_BYTES = 750_000;
const POLL_MS = 1000;
type Run = Schemas["ContentImportRun"];
const active = (run: Run) => run.status === "pending" || run.status === "in-progress";

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export default function Imports({ organizationId }: { organizationId: string }) {
  const spaces = useSpaces(organizationId);
  const queries = useQueryClient();
  const runs = useQuery({
    queryKey: adminKeys.imports(organizationId),
    queryFn: () => unwrap(api.GET("/v1/org/{organizationId}/imports", { params: { path: { organizationId }, query: { limit: 10 } } })),
    // Polled while a run is active (and only while this screen is open: the query stops with it).
    refetchInterval: (query) => (query.state.data?.items.some(active) ? POLL_MS : false),
    staleTime: 0,
  });
  const [spaceId, setSpaceId] = useState("");
  const [file, setFile] = useState<File>();
  const [exportOf, setExportOf] = useState("");

  const start = useWrite(async () => {
    if (!file) throw new Error("Choose a zip file to import.");
    if (file.size > MAX_ZIP_BYTES) throw new Error(`The archive is ${Math.round(file.size / 1000)} KB: the largest taken here is 750 KB.`);
    await unwrap(
      api.POST("/v1/org/{organizationId}/imports", {
        params: { path: { organizationId } },
        body: { source: { type: "zip", data: await base64Of(file) }, target: { space: spaceId } },
      }),
    );
    await queries.invalidateQueries({ queryKey: adminKeys.imports(organizationId) });
  });
  const titleOf = (id: string) => spaces.data?.items.find((space) => space.id === id)?.title ?? "a space";

  return (
    <>
      <h1>Import and export</h1>
      <section aria-labelledby="import-heading" className="admin-section">
        <h2 id="import-heading">Import a zip</h2>
        <p className="muted">
          A space in GitBook's layout (SUMMARY.md, .gitbook.yaml, .gitbook/assets) or plain Markdown files, up to 750 KB. It replaces the space's content,
          through a change request merged at the end.
        </p>
        <form
          className="stacked-form"
          onSubmit={(event) => {
            event.preventDefault();
            void start.run(undefined);
          }}
        >
          <label htmlFor="import-space">Into the space</label>
          <select id="import-space" required value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
            <option value="">Choose a space</option>
            {spaces.data?.items.map((space) => (
              <option key={space.id} value={space.id}>
                {space.title}
              </option>
            ))}
          </select>
          <label htmlFor="import-file">Zip file</label>
          <input id="import-file" type="file" accept=".zip,application/zip" required onChange={(event) => setFile(event.target.files?.[0])} />
          <button type="submit" disabled={start.busy}>
            Import
          </button>
          <WriteError write={start} />
        </form>
      </section>
      <section aria-labelledby="runs-heading" className="admin-section">
        <h2 id="runs-heading">Recent imports</h2>
        {runs.isPending ? <Loading what="imports" /> : null}
        {runs.isError ? <Problem error={runs.error} retry={() => runs.refetch()} /> : null}
        {runs.data?.items.length === 0 ? <Empty>No imports yet.</Empty> : null}
        <ul className="cards">
          {runs.data?.items.map((run) => (
            <ImportRun key={run.id} organizationId={organizationId} run={run} spaceTitle={titleOf(run.target.space)} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="export-heading" className="admin-section">
        <h2 id="export-heading">Export a space</h2>
        <p className="inline-form">
          <label htmlFor="export-space">Space</label>
          <select id="export-space" value={exportOf} onChange={(event) => setExportOf(event.target.value)}>
            <option value="">Choose a space</option>
            {spaces.data?.items.map((space) => (
              <option key={space.id} value={space.id}>
                {space.title}
              </option>
            ))}
          </select>
          {exportOf ? (
            <a href={`/v1/spaces/${encodeURIComponent(exportOf)}/export`} download>
              Download {titleOf(exportOf)} as a zip
            </a>
          ) : null}
        </p>
      </section>
    </>
  );
}

const STATUS: Record<Run["status"], string> = {
  pending: "Waiting to start",
  "in-progress": "Importing",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
};

function ImportRun({ organizationId, run, spaceTitle }: { organizationId: string; run: Run; spaceTitle: string }) {
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
  return (
    <li className="card import-run">
      <span className="card-title">Into {spaceTitle}</span>
      <span className="muted">{dateTime(run.createdAt)}</span>
      <span className={`badge status-${run.status}`}>{STATUS[run.status]}</span>
      <ProgressBar label={`Import into ${spaceTitle}`} done={run.importedPages} total={total || undefined} text={`${STATUS[run.status]}: ${text}`} />
      <span>{text}</span>
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
