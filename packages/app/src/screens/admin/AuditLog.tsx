// The audit log: who did what to what, newest first, filtered by person, action, target and time, a page at
// a time (the API's cursors; the ones already seen kept to go back).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, unwrap } from "../../api";
import { useMembers } from "../../queries";
import { Empty, Loading, Problem } from "../../ui/states";
import { dateTime, TableScroll } from "./AdminNav";

const PAGE_SIZE = 25;

interface Filters {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
}
const NONE: Filters = { actor: "", action: "", target: "", from: "", to: "" };

/** The API's query of the filters: empty ones left out, local times as instants. */
function queryOf(filters: Filters) {
  const query: Record<string, string> = {};
  for (const key of ["actor", "action", "target"] as const) if (filters[key].trim()) query[key] = filters[key].trim();
  if (filters.from) query.from = new Date(filters.from).toISOString();
  if (filters.to) query.to = new Date(filters.to).toISOString();
  return query;
}

export default function AuditLog({ organizationId }: { organizationId: string }) {
  const members = useMembers(organizationId);
  const actions = useQuery({
    queryKey: ["org", organizationId, "audit-actions"],
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/audit-event-actions", { params: { path: { organizationId } } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [draft, setDraft] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  // The cursors of the pages before the current one, and the current one's ("" for the first page).
  const [cursors, setCursors] = useState<string[]>([""]);
  const cursor = cursors[cursors.length - 1] ?? "";
  const events = useQuery({
    queryKey: ["org", organizationId, "audit-events", filters, cursor],
    queryFn: () =>
      unwrap(
        api.GET("/v1/orgs/{organizationId}/audit-events", {
          params: { path: { organizationId }, query: { ...queryOf(filters), limit: PAGE_SIZE, ...(cursor ? { page: cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const labelOf = new Map(actions.data?.items.map((action) => [action.id, action.label]));
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setCursors([""]);
  };
  const page = cursors.length;

  return (
    <>
      <h1>Audit log</h1>
      <form className="filters" onSubmit={apply} aria-label="Filters">
        <label>
          Person
          <select value={draft.actor} onChange={set("actor")}>
            <option value="">Anyone</option>
            {members.data?.items.map((member) => (
              <option key={member.id} value={member.id}>
                {member.user.displayName}
              </option>
            ))}
          </select>
        </label>
        <label>
          Action
          <select value={draft.action} onChange={set("action")}>
            <option value="">Any action</option>
            {actions.data?.items.map((action) => (
              <option key={action.id} value={action.id}>
                {action.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Target ID
          <input value={draft.target} onChange={set("target")} maxLength={200} />
        </label>
        <label>
          From
          <input type="datetime-local" value={draft.from} onChange={set("from")} />
        </label>
        <label>
          To
          <input type="datetime-local" value={draft.to} onChange={set("to")} />
        </label>
        <button type="submit">Filter</button>
        <button
          type="button"
          className="quiet"
          onClick={() => {
            setDraft(NONE);
            setFilters(NONE);
            setCursors([""]);
          }}
        >
          Clear
        </button>
      </form>
      {events.isPending ? <Loading what="the audit log" /> : null}
      {events.isError ? <Problem error={events.error} retry={() => events.refetch()} /> : null}
      {events.data ? (
        <>
          <p role="status" className="muted">
            {events.data.count} {events.data.count === 1 ? "event" : "events"}
            {events.data.count > PAGE_SIZE ? `, page ${page} of ${Math.ceil(events.data.count / PAGE_SIZE)}` : ""}
          </p>
          {events.data.items.length === 0 ? (
            <Empty>No event matches these filters.</Empty>
          ) : (
            <TableScroll label="Audit events">
              <table className="audit">
                <caption className="visually-hidden">Audit events, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">Through</th>
                  </tr>
                </thead>
                <tbody>
                  {events.data.items.map((event) => (
                    <tr key={event.id}>
                      <td>{dateTime(event.occurredAt)}</td>
                      <td>{event.actor.label ?? event.actor.id}</td>
                      <td>{labelOf.get(event.action) ?? event.action}</td>
                      <td>
                        {event.target.type} {event.target.label ?? event.target.id}
                      </td>
                      <td>{event.source}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <p className="inline-form">
            <button type="button" className="quiet" disabled={page === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
              Newer
            </button>
            <button
              type="button"
              className="quiet"
              disabled={!events.data.next}
              onClick={() => events.data?.next && setCursors([...cursors, events.data.next.page])}
            >
              Older
            </button>
          </p>
        </>
      ) : null}
    </>
  );
}
