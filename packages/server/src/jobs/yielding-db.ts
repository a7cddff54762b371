// pg-boss's statements on the embedded database, whose thread is the server's: waking or polling the queues runs a
// hundred statements in a row (about 150 ms of CPU during an import on a loaded 2-core machine), holding every other
// request, /healthz included. Each statement first lets the event loop turn once it has worked 10 ms
// (../event-loop.ts), as the server's own statements do (db/yielding-adapter.ts).
import { eventLoop, type Turns } from "../event-loop";

/** pg-boss's database adapter `db`, its statements letting the event loop turn as said above. */
export function yieldingBossDb<D extends { executeSql: (...args: never[]) => Promise<unknown> }>(db: D, turns: Turns = eventLoop): D {
  const executeSql = db.executeSql.bind(db);
  return Object.assign(db, {
    executeSql: async (...args: Parameters<D["executeSql"]>) => {
      await turns.turnIfBusy();
      return executeSql(...args);
    },
  });
}
