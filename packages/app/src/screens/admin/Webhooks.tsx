// Webhooks: subscribe a URL to some of the organization's events (the signing secret shown once), and each
// webhook's delivery log (kept current while a delivery is pending), each delivery's attempts behind a
// disclosure (fetched when opened), redelivered on demand.
import type { Schemas } from "@docstack/sdk";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, unwrap } from "../../api";
import { useWrite, WriteError } from "../../ui/forms";
import { Empty, Loading, Problem } from "../../ui/states";
import { CopyButton, dateTime, TableScroll } from "./AdminNav";
import { adminKeys } from "./queries";

type EventType = Schemas["WebhookEventType"];
const EVENTS: EventType[] = [
  "space.created",
  "space.deleted",
  "page.created",
  "page.updated",
  "page.deleted",
  "page.moved",
  "change_request.created",
  "change_request.merged",
  "change_request.closed",
  "comment.created",
  "comment.resolved",
  "site.published",
  "site.unpublished",
  "member.added",
  "member.removed",
];
const POLL_MS = 1000;

export default function Webhooks({ organizationId }: { organizationId: string }) {
  const webhooks = useQuery({
    queryKey: adminKeys.webhooks(organizationId),
    queryFn: () => unwrap(api.GET("/v1/orgs/{organizationId}/webhooks", { params: { path: { organizationId }, query: { limit: 100 } } })),
  });
  const queries = useQueryClient();
  const [url, setUrl] = useState("");
  const [all, setAll] = useState(true);
  const [events, setEvents] = useState<EventType[]>([]);
  const [description, setDescription] = useState("");
  const [secret, setSecret] = useState<string>();

  const create = useWrite(async () => {
    if (!all && events.length === 0) throw new Error("Choose at least one kind of event, or every kind.");
    const made = await unwrap(
      api.POST("/v1/orgs/{organizationId}/webhooks", {
        params: { path: { organizationId } },
        body: { url, events: all ? ["*"] : events, ...(description ? { description } : {}) },
      }),
    );
    setSecret(made.secret);
    setUrl("");
    setDescription("");
    await queries.invalidateQueries({ queryKey: adminKeys.webhooks(organizationId) });
  });
  const toggle = (event: EventType, on: boolean) => setEvents(on ? [...events, event] : events.filter((item) => item !== event));

  return (
    <>
      <h1>Webhooks</h1>
      <form
        className="stacked-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run(undefined);
        }}
      >
        <h2>New webhook</h2>
        <label htmlFor="webhook-url">URL</label>
        <input
          id="webhook-url"
          type="url"
          required
          placeholder="https://hooks.example.com/docstack"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <label htmlFor="webhook-description">Description</label>
        <input id="webhook-description" maxLength={500} value={description} onChange={(event) => setDescription(event.target.value)} />
        <fieldset className="events">
          <legend>Events</legend>
          <label className="check">
            <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} /> Every kind of event
          </label>
          {all
            ? null
            : EVENTS.map((event) => (
                <label key={event} className="check">
                  <input type="checkbox" checked={events.includes(event)} onChange={(change) => toggle(event, change.target.checked)} /> {event}
                </label>
              ))}
        </fieldset>
        <button type="submit" disabled={create.busy}>
          Create webhook
        </button>
        <WriteError write={create} />
      </form>
      {secret ? (
        <div className="notice" role="status">
          <p>The webhook's signing secret, shown this once: deliveries are signed with it (Standard Webhooks).</p>
          <code className="secret">{secret}</code>
          <CopyButton text={secret} label="Copy the secret" />{" "}
          <button type="button" className="quiet" onClick={() => setSecret(undefined)}>
            I have copied it
          </button>
        </div>
      ) : null}
      <h2>Webhooks</h2>
      {webhooks.isPending ? <Loading what="webhooks" /> : null}
      {webhooks.isError ? <Problem error={webhooks.error} retry={() => webhooks.refetch()} /> : null}
      {webhooks.data?.items.length === 0 ? <Empty>No webhooks yet.</Empty> : null}
      <ul className="cards">
        {webhooks.data?.items.map((webhook) => (
          <WebhookCard key={webhook.id} organizationId={organizationId} webhook={webhook} />
        ))}
      </ul>
    </>
  );
}

function WebhookCard({ organizationId, webhook }: { organizationId: string; webhook: Schemas["Webhook"] }) {
  const queries = useQueryClient();
  const path = { params: { path: { organizationId, webhookId: webhook.id } } };
  const refresh = () => queries.invalidateQueries({ queryKey: adminKeys.webhooks(organizationId) });
  const remove = useWrite(async () => {
    await unwrap(api.DELETE("/v1/orgs/{organizationId}/webhooks/{webhookId}", path));
    await refresh();
  });
  const activate = useWrite(async (active: boolean) => {
    await unwrap(api.PATCH("/v1/orgs/{organizationId}/webhooks/{webhookId}", { ...path, body: { active } }));
    await refresh();
  });
  return (
    <li className="card webhook">
      <span className="card-title url">{webhook.url}</span>
      <span className="badge">{webhook.active ? "Active" : "Off"}</span>
      <span className="muted">{webhook.events.join(", ")}</span>
      {webhook.description ? <span>{webhook.description}</span> : null}
      {webhook.disabledReason ? <span className="error">Turned off: {webhook.disabledReason}</span> : null}
      <span className="card-actions">
        <button type="button" className="quiet" disabled={activate.busy} onClick={() => void activate.run(!webhook.active)}>
          {webhook.active ? "Turn off" : "Turn on"}
        </button>
        <button
          type="button"
          className="quiet danger"
          aria-label={`Delete the webhook of ${webhook.url}`}
          onClick={() => window.confirm(`Delete the webhook of ${webhook.url}?`) && void remove.run(undefined)}
        >
          Delete
        </button>
      </span>
      <WriteError write={activate} />
      <WriteError write={remove} />
      <Deliveries organizationId={organizationId} webhook={webhook} />
    </li>
  );
}

const STATUS = { pending: "Pending", delivered: "Delivered", failed: "Failed" } as const;

function Deliveries({ organizationId, webhook }: { organizationId: string; webhook: Schemas["Webhook"] }) {
  const queries = useQueryClient();
  const deliveries = useQuery({
    queryKey: adminKeys.deliveries(organizationId, webhook.id),
    queryFn: () =>
      unwrap(
        api.GET("/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries", {
          params: { path: { organizationId, webhookId: webhook.id }, query: { limit: 50 } },
        }),
      ),
    refetchInterval: (query) => (query.state.data?.items.some((delivery) => delivery.status === "pending") ? POLL_MS : false),
    staleTime: 0,
  });
  const redeliver = useWrite(async (deliveryId: string) => {
    await unwrap(
      api.POST("/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver", {
        params: { path: { organizationId, webhookId: webhook.id, deliveryId } },
      }),
    );
    await queries.invalidateQueries({ queryKey: adminKeys.deliveries(organizationId, webhook.id) });
  });
  const headingId = `deliveries-${webhook.id}`;
  return (
    <section className="deliveries" aria-labelledby={headingId}>
      <h3 id={headingId}>Deliveries</h3>
      <p className="inline-form">
        <button type="button" className="quiet" onClick={() => void deliveries.refetch()}>
          Refresh deliveries
        </button>
      </p>
      {deliveries.isPending ? <Loading what="deliveries" /> : null}
      {deliveries.isError ? <Problem error={deliveries.error} retry={() => deliveries.refetch()} /> : null}
      {deliveries.data?.items.length === 0 ? <Empty>Nothing delivered yet.</Empty> : null}
      <WriteError write={redeliver} />
      {deliveries.data && deliveries.data.items.length > 0 ? (
        <TableScroll label={`Deliveries to ${webhook.url}`}>
          <table>
            <caption className="visually-hidden">Deliveries to {webhook.url}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">When</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.items.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{delivery.event}</td>
                  <td>{STATUS[delivery.status]}</td>
                  <td>
                    {delivery.attempts}
                    {delivery.attempts > 0 ? <Attempts organizationId={organizationId} webhookId={webhook.id} delivery={delivery} /> : null}
                  </td>
                  <td>{delivery.lastStatusCode ? `HTTP ${delivery.lastStatusCode}` : delivery.attempts > 0 ? "No answer" : ""}</td>
                  <td>{dateTime(delivery.deliveredAt ?? delivery.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="quiet"
                      disabled={redeliver.busy}
                      aria-label={`Redeliver the ${delivery.event} event of ${dateTime(delivery.createdAt)}`}
                      onClick={() => void redeliver.run(delivery.id)}
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}

const OUTCOME: Record<Schemas["WebhookDeliveryAttempt"]["outcome"], string> = {
  ok: "OK",
  http_error: "Refused",
  timeout: "Timed out",
  connection_refused: "Connection refused",
  address_refused: "Internal address refused",
  connection_error: "Could not connect",
};

/** A delivery's attempts, newest first: read when the disclosure is opened. */
function Attempts({ organizationId, webhookId, delivery }: { organizationId: string; webhookId: string; delivery: Schemas["WebhookDelivery"] }) {
  const [open, setOpen] = useState(false);
  const attempts = useQuery({
    queryKey: adminKeys.attempts(organizationId, webhookId, delivery.id, delivery.attempts),
    queryFn: () =>
      unwrap(
        api.GET("/v1/orgs/{organizationId}/webhooks/{webhookId}/deliveries/{deliveryId}/attempts", {
          params: { path: { organizationId, webhookId, deliveryId: delivery.id }, query: { limit: 20 } },
        }),
      ),
    enabled: open,
  });
  return (
    <details className="attempts" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Attempts</summary>
      {open && attempts.isPending ? <Loading what="attempts" /> : null}
      {attempts.isError ? <Problem error={attempts.error} retry={() => attempts.refetch()} /> : null}
      {attempts.data ? (
        <ol aria-label={`Attempts of the ${delivery.event} event of ${dateTime(delivery.createdAt)}, newest first`}>
          {attempts.data.items.map((attempt) => (
            <li key={attempt.id}>
              {dateTime(attempt.startedAt)}: {attempt.status ? `HTTP ${attempt.status}` : "No answer"}, {OUTCOME[attempt.outcome]}, {attempt.durationMs} ms
              {attempt.message ? <span className="muted"> ({attempt.message})</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}
