// LISTEN on PostgreSQL: a dedicated connection (pooled ones are shared and released), reconnected
// when it drops. While it is down, notifications may be missed: `onState(false)` says so, and
// `onState(true)` once it listens again, so whoever caches on them drops what they had.
import type pg from "pg";

const RETRY_MS = { first: 250, max: 5_000 };

export async function listenOnPostgres(
  url: string,
  channels: string[],
  onNotify: (channel: string, payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RETRY_MS.first;

  const connect = async (): Promise<void> => {
    // Loaded only with PostgreSQL (part of an embedded start's time otherwise).
    const next = new (require("pg") as typeof pg).Client({ connectionString: url });
    next.on("notification", (message) => onNotify(message.channel, message.payload ?? ""));
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    await next.connect();
    for (const channel of channels) await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
    delay = RETRY_MS.first;
    onState(true);
  };
  const lost = (which: pg.Client) => {
    if (client !== which) return;
    client = undefined;
    onState(false);
    which.end().catch(() => {});
    if (!stopped) retry();
  };
  const retry = () => {
    retryTimer = setTimeout(() => {
      connect().catch(() => {
        delay = Math.min(delay * 2, RETRY_MS.max);
        if (!stopped) retry();
      });
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    const current = client;
    client = undefined;
    onState(false);
    await current?.end().catch(() => {});
  };
}
