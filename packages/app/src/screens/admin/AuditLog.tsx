// The audit log: who did what to what, newest first, filtered by person, action, target and time, a page at
// a time (the API's cursors). The filters and the page live in the URL's query string (the page as the cursors
// that led to it, one `page` each, so Newer can step back), so a view can be bookmarked, survives a reload, and
// Back and Forward move between pages.

import { InvalidRequestError } from "@docstack/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api, messageOf, unwrap } from "../../api";
import { navigate, useSearch } from "../../navigation";
import { useMembers } from "../../queries";
import { Empty, Loading, Problem } from "../../ui/states";
import { dateTime, TableScroll } from "./AdminNav";

const PAGE_SIZE = 25;

/** The filters as the form holds them: times as `datetime-local` values (the browser's time zone). */
interface Filters {
  actor: string;
  action: string;
  targetType: string;
  target: string;
  from: string;
  to: string;
}
const NONE: Filters = { actor: "", action: "", targetType: "", target: "", from: "", to: "" };
const TEXT = ["actor", "action", "targetType", "target"] as const;

/** A `datetime-local` value of an instant, in the browser's time zone ("" for an unreadable one). */
function localOf(instant: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return "";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The API's query of the filters: empty ones left out, local times as instants. It is also the URL's. */
function queryOf(filters: Filters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of TEXT) if (filters[key].trim()) query[key] = filters[key].trim();
  if (filters.from) query.from = new Date(filters.from).toISOString();
  if (filters.to) query.to = new Date(filters.to).toISOString();
  return query;
}

/** The URL's query string as the API's query: its filters only, as they were written there. */
function queryOfSearch(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  for (const key of [...TEXT, "from", "to"] as const) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  return query;
}

/** The form's values of the URL's query. */
function filtersOf(query: Record<string, string>): Filters {
  return {
    ...NONE,
    ...Object.fromEntries(TEXT.map((key) => [key, query[key] ?? ""])),
    from: query.from ? localOf(query.from) : "",
    to: query.to ? localOf(query.to) : "",
  };
}

/** The URL of the log with these filters, at the page the cursors lead to (none: the first). */
function urlOf(query: Record<string, string>, cursors: string[]): string {
  const params = new URLSearchParams(query);
  for (const cursor of cursors) params.append("page", cursor);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

export default function AuditLog({ organizationId }: { organizationId: string }) {
  const search = useSearch();
  const query = queryOfSearch(search);
  const cursors = new URLSearchParams(search).getAll("page");
  // New filters (applied, Back, a bookmark) put theirs in the form; another page of the same keeps what is typed.
  return <AuditLogOf key={new URLSearchParams(query).toString()} organizationId={organizationId} query={query} cursors={cursors} />;
}

function AuditLogOf({ organizationId, query, cursors }: { organizationId: string; query: Record<string, string>; cursors: string[] }) {
  const members = useMembers(organizationId);
  const actions = useQuery({
    queryKey: ["org", organizationId, "audit-actions"],
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/audit-event-actions", { params: { path: { organizationId } } })),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [draft, setDraft] = useState<Filters>(() => filtersOf(query));
  // The current page's cursor: the last of the URL's ("" for the first page).
  const cursor = cursors[cursors.length - 1] ?? "";
  const events = useQuery({
    queryKey: ["org", organizationId, "audit-events", query, cursor],
    queryFn: () =>
      unwrap(
        api.GET("/v1/orgs/{organizationId}/audit-events", {
          params: { path: { organizationId }, query: { ...query, limit: PAGE_SIZE, ...(cursor ? { page: cursor } : {}) } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const labelOf = new Map(actions.data?.items.map((action) => [action.id, action.label]));
  // The rows wait for the actions' labels (a reload asks for both at once), so an action never shows as its ID
  // and then changes; a list that failed leaves the IDs.
  const shown = actions.isPending ? undefined : events.data;
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const show = (filters: Filters) => navigate(urlOf(queryOf(filters), []));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    show(draft);
  };
  // A person in the URL who is no longer a member (or not yet listed) stays selectable by their ID.
  const actorUnlisted = !!draft.actor && !members.data?.items.some((member) => member.id === draft.actor);
  const page = cursors.length + 1;

  return (
    <>
      <h1>Audit log</h1>
      <form className="filters" onSubmit={apply} aria-label="Filters">
        <label>
          Person
          <select value={draft.actor} onChange={set("actor")}>
            <option value="">Anyone</option>
            {actorUnlisted ? <option value={draft.actor}>{draft.actor}</option> : null}
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
          Target type
          <input value={draft.targetType} onChange={set("targetType")} maxLength={100} placeholder="space, team…" />
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
          <input type="datetime-local" value={draft.to} onChange={set("to")} min={draft.from || undefined} />
        </label>
        <button type="submit">Filter</button>
        <button type="button" className="quiet" onClick={() => show(NONE)}>
          Clear
        </button>
      </form>
      {!shown && !events.isError ? <Loading what="the audit log" /> : null}
      {events.error instanceof InvalidRequestError ? (
        // Filters or a page the API refused (a URL edited by hand): its reason, with the form to correct them.
        <p className="error" role="alert">
          {cursor ? "This page or these filters were refused" : "These filters were refused"}: {messageOf(events.error)}
        </p>
      ) : events.isError ? (
        <Problem error={events.error} retry={() => events.refetch()} />
      ) : null}
      {shown ? (
        <>
          <p role="status" className="muted">
            {shown.count} {shown.count === 1 ? "event" : "events"}
            {/* The previous page stays shown while the next loads: it says so, and names its page only once it is there. */}
            {events.isPlaceholderData ? `, loading page ${page}…` : shown.count > PAGE_SIZE ? `, page ${page} of ${Math.ceil(shown.count / PAGE_SIZE)}` : ""}
          </p>
          {shown.items.length === 0 ? (
            <Empty>No event matches these filters.</Empty>
          ) : (
            <TableScroll label="Audit events">
              <table className="audit" aria-busy={events.isPlaceholderData}>
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
                  {shown.items.map((event) => (
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
            <button type="button" className="quiet" disabled={page === 1} onClick={() => navigate(urlOf(query, cursors.slice(0, -1)))}>
              Newer
            </button>
            <button type="button" className="quiet" disabled={!shown.next} onClick={() => shown.next && navigate(urlOf(query, [...cursors, shown.next.page]))}>
              Older
            </button>
          </p>
        </>
      ) : null}
    </>
  );
}
