// Git Sync of a space: set up (repository URL, branch, directory, credentials), the push webhook's URL and
// secret (the secret shown once), each with a copy button, and the sync's state kept current while open.
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, orMissing, unwrap } from "../../api";
import { navigate } from "../../navigation";
import { useSpaces } from "../../queries";
import { useWrite, WriteError } from "../../ui/forms";
import { SpaceOptions } from "../../ui/SpaceOptions";
import { AppLink, Empty, Loading, Problem } from "../../ui/states";
import { CopyButton, dateTime } from "./AdminNav";
import { directoryOf, GitRepositoryFields, refOf, useGitRepositoryForm } from "./GitFields";
import { adminKeys } from "./queries";

const POLL_MS = 3000;
const STATUS: Record<Schemas["GitSyncStatus"], string> = {
  pending: "Set up, not synced yet",
  synced: "In step with the branch",
  conflict: "Conflict: both sides changed the same pages",
  failing: "Failing",
};

export default function GitSync({ organizationId, spaceId }: { organizationId: string; spaceId?: string }) {
  const spaces = useSpaces(organizationId);
  return (
    <>
      <h1>Git Sync</h1>
      <p className="inline-form">
        <label htmlFor="git-space">Space</label>
        <select
          id="git-space"
          value={spaceId ?? ""}
          onChange={(event) => navigate(`/app/orgs/${organizationId}/git-sync${event.target.value ? `/${event.target.value}` : ""}`, { replace: true })}
        >
          <SpaceOptions spaces={spaces.data?.items} />
        </select>
      </p>
      {spaceId ? <SpaceGitSync key={spaceId} spaceId={spaceId} /> : <Empty>Choose the space to keep in step with a Git branch.</Empty>}
    </>
  );
}

function SpaceGitSync({ spaceId }: { spaceId: string }) {
  const queries = useQueryClient();
  const sync = useQuery({
    queryKey: adminKeys.gitSync(spaceId),
    // No Git Sync yet is a 404: shown as the set-up form, not as a failure.
    queryFn: () => orMissing(unwrap(api.GET("/v1/spaces/{spaceId}/git/sync", { params: { path: { spaceId } } }))),
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
  const { form, set, forgetPassword } = useGitRepositoryForm();
  const [secret, setSecret] = useState<string>();

  const configure = useWrite(async () => {
    const answer = await unwrap(
      api.PUT("/v1/spaces/{spaceId}/git/sync", {
        params: { path: { spaceId } },
        body: {
          url: form.url,
          ref: refOf(form.branch),
          ...(directoryOf(form.directory) ? { projectDirectory: directoryOf(form.directory) } : {}),
          ...(form.username ? { username: form.username } : {}),
          ...(form.password ? { password: form.password } : {}),
        },
      }),
    );
    setSecret(answer.webhookSecret);
    forgetPassword();
    queries.setQueryData(adminKeys.gitSync(spaceId), answer);
  });
  const stop = useWrite(async () => {
    await unwrap(api.DELETE("/v1/spaces/{spaceId}/git/sync", { params: { path: { spaceId } } }));
    setSecret(undefined);
    await queries.invalidateQueries({ queryKey: adminKeys.gitSync(spaceId) });
  });

  if (sync.isPending) return <Loading what="the space's Git Sync" />;
  if (sync.isError) return <Problem error={sync.error} retry={() => sync.refetch()} />;
  const state = sync.data;
  return (
    <>
      {state ? (
        <section aria-labelledby="git-state" className="admin-section">
          <h2 id="git-state">State</h2>
          <dl className="facts">
            <dt>Repository</dt>
            <dd>
              {state.url} ({state.ref.replace(/^refs\/heads\//, "")}
              {state.projectDirectory ? `, /${state.projectDirectory}` : ""})
            </dd>
            <dt>Status</dt>
            <dd className={state.status === "failing" || state.status === "conflict" ? "error" : undefined}>{STATUS[state.status]}</dd>
            {state.error ? (
              <>
                <dt>Why</dt>
                <dd>{state.error}</dd>
              </>
            ) : null}
            {state.conflictChangeRequestId ? (
              <>
                <dt>Conflict</dt>
                <dd>
                  <ConflictLink spaceId={spaceId} changeRequestId={state.conflictChangeRequestId} />
                </dd>
              </>
            ) : null}
            <dt>Last commit</dt>
            <dd>
              <code>{state.lastCommit ?? "none yet"}</code>
            </dd>
            <dt>Last sync</dt>
            <dd>{state.lastSyncedAt ? dateTime(state.lastSyncedAt) : "not yet"}</dd>
            <dt>Push webhook URL</dt>
            <dd>
              <code className="secret">{state.webhookURL}</code> <CopyButton text={state.webhookURL} label="Copy the webhook URL" />
            </dd>
          </dl>
          {secret ? (
            <div className="notice" role="status">
              <p>The push webhook's secret, shown this once: give it to the Git server with the URL above.</p>
              <code className="secret">{secret}</code>
              <CopyButton text={secret} label="Copy the webhook secret" />
            </div>
          ) : null}
          <button type="button" className="quiet danger" disabled={stop.busy} onClick={() => void stop.run(undefined)}>
            Stop syncing
          </button>
          <WriteError write={stop} />
        </section>
      ) : (
        <Empty>This space is not synced with Git.</Empty>
      )}
      <form
        className="stacked-form"
        onSubmit={(event) => {
          event.preventDefault();
          void configure.run(undefined);
        }}
      >
        <h2>{state ? "Change the set-up" : "Set up Git Sync"}</h2>
        <GitRepositoryFields id="git" form={form} set={set} />
        <button type="submit" disabled={configure.busy}>
          {state ? "Save and sync" : "Set up and sync"}
        </button>
        <WriteError write={configure} />
      </form>
    </>
  );
}

/** The conflict's change request, by its number (its own screen), once read. */
function ConflictLink({ spaceId, changeRequestId }: { spaceId: string; changeRequestId: string }) {
  const changeRequest = useQuery({
    queryKey: ["space", spaceId, "change-request-by-id", changeRequestId],
    queryFn: () => unwrap(api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}", { params: { path: { spaceId, changeRequestId } } })),
  });
  const number = changeRequest.data?.number;
  return (
    <AppLink to={number ? `/app/spaces/${spaceId}/change-requests/${number}` : `/app/spaces/${spaceId}/change-requests`}>
      {number ? `The branch's side waits in change request #${number}` : "The branch's side waits in an open change request"}
    </AppLink>
  );
}
