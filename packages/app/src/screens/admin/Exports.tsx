// A space's content out: a zip to download, or one commit pushed to a Git branch (queued; the space's Git state,
// GET …/git/info, says how it went and is followed while it runs).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api, orMissing, unwrap } from "../../api";
import { useSpaces } from "../../queries";
import { useWrite, WriteError } from "../../ui/forms";
import { SpaceOptions } from "../../ui/SpaceOptions";
import { dateTime } from "./AdminNav";
import { directoryOf, GitRepositoryFields, refOf, urlWithCredentials, useGitRepositoryForm } from "./GitFields";

const POLL_MS = 1000;
const STATE = { running: "Running", success: "Done", failure: "Failed", timeout: "Stopped: it ran too long" } as const;

export function Exports({ organizationId }: { organizationId: string }) {
  const spaces = useSpaces(organizationId);
  const [spaceId, setSpaceId] = useState("");
  const title = spaces.data?.items.find((space) => space.id === spaceId)?.title ?? "the space";
  return (
    <section aria-labelledby="export-heading" className="admin-section">
      <h2 id="export-heading">Export a space</h2>
      <p className="inline-form">
        <label htmlFor="export-space">Space</label>
        <select id="export-space" value={spaceId} onChange={(event) => setSpaceId(event.target.value)}>
          <SpaceOptions spaces={spaces.data?.items} />
        </select>
        {spaceId ? (
          <a href={`/v1/spaces/${encodeURIComponent(spaceId)}/export`} download>
            Download {title} as a zip
          </a>
        ) : null}
      </p>
      {spaceId ? <ExportToGit key={spaceId} spaceId={spaceId} title={title} /> : null}
    </section>
  );
}

function ExportToGit({ spaceId, title }: { spaceId: string; title: string }) {
  const git = useGitRepositoryForm();
  const [message, setMessage] = useState("Update the docs from Docstack");
  const [asked, setAsked] = useState(false);
  const info = useQuery({
    queryKey: ["space", spaceId, "git-info"],
    // Never exported nor synced is a 404: nothing to show yet.
    queryFn: () => orMissing(unwrap(api.GET("/v1/spaces/{spaceId}/git/info", { params: { path: { spaceId } } }))),
    enabled: asked,
    refetchInterval: (query) => (query.state.data?.operation?.state === "running" ? POLL_MS : false),
    staleTime: 0,
  });
  const push = useWrite(async () => {
    const folder = directoryOf(git.form.directory);
    await unwrap(
      api.POST("/v1/spaces/{spaceId}/git/export", {
        params: { path: { spaceId } },
        body: { url: urlWithCredentials(git.form), ref: refOf(git.form.branch), commitMessage: message, ...(folder ? { repoProjectDirectory: folder } : {}) },
      }),
    );
    git.forgetPassword();
    setAsked(true);
    await info.refetch();
  });
  const operation = info.data?.operation;
  return (
    <form
      className="stacked-form"
      aria-label={`Push ${title} to a Git branch`}
      onSubmit={(event) => {
        event.preventDefault();
        void push.run(undefined);
      }}
    >
      <h3>Push it to a Git branch</h3>
      <p className="muted">One commit in GitBook's layout; a branch that does not exist yet is created.</p>
      <GitRepositoryFields id="export-git" form={git.form} set={git.set} />
      <label htmlFor="export-message">Commit message</label>
      <input id="export-message" required maxLength={10000} value={message} onChange={(event) => setMessage(event.target.value)} />
      <button type="submit" disabled={push.busy || operation?.state === "running"}>
        Push to Git
      </button>
      <WriteError write={push} />
      {asked && operation?.direction === "export" ? (
        <p role="status" className={operation.state === "failure" || operation.state === "timeout" ? "error" : undefined}>
          Export: {STATE[operation.state]}
          {operation.commitId ? (
            <>
              , commit <code>{operation.commitId}</code>
            </>
          ) : null}
          {operation.endedAt ? `, ${dateTime(operation.endedAt)}` : ""}
          {operation.error ? `: ${operation.error}` : ""}
        </p>
      ) : null}
    </form>
  );
}
