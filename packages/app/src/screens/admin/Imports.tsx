// Content in and out: an import into a space from any source the API takes (ImportForm), each run's progress
// polled while one is active and the screen open (ImportRun), and a space exported (Exports).
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api";
import { useSpaces } from "../../queries";
import { Empty, Loading, Problem } from "../../ui/states";
import { Exports } from "./Exports";
import { ImportForm } from "./ImportForm";
import { active, ImportRun } from "./ImportRun";
import { adminKeys } from "./queries";

const POLL_MS = 1000;

export default function Imports({ organizationId }: { organizationId: string }) {
  const spaces = useSpaces(organizationId);
  const runs = useQuery({
    queryKey: adminKeys.imports(organizationId),
    queryFn: () => unwrap(api.GET("/v1/org/{organizationId}/imports", { params: { path: { organizationId }, query: { limit: 10 } } })),
    // Polled while a run is active (and only while this screen is open: the query stops with it).
    refetchInterval: (query) => (query.state.data?.items.some(active) ? POLL_MS : false),
    staleTime: 0,
  });
  const titleOf = (id: string) => spaces.data?.items.find((space) => space.id === id)?.title ?? "a space";

  return (
    <>
      <h1>Import and export</h1>
      <section aria-labelledby="import-heading" className="admin-section">
        <h2 id="import-heading">Import content</h2>
        <ImportForm organizationId={organizationId} />
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
      <Exports organizationId={organizationId} />
    </>
  );
}
