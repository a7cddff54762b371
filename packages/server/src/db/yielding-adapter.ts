// The embedded database runs on this process's thread, and a statement's promise settles without
// the event loop turning: a chain of statements (a large page's sections, an import's batches)
// held every other request, /healthz included, until the chain ended. Here each statement first
// lets the event loop turn once the loop has worked 10 ms since it last did (../event-loop.ts), so other
// requests are served between statements, whatever the code that runs them. The cost is one turn
// per that much work, nothing for a request's few short statements.
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory, SqlQueryable, Transaction } from "@prisma/driver-adapter-utils";
import { eventLoop, type Turns } from "../event-loop";

function yieldingQueryable<Q extends SqlQueryable>(queryable: Q, turns: Turns): Q {
  return new Proxy(queryable, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      if (key === "queryRaw" || key === "executeRaw") {
        return async (query: unknown) => {
          await turns.turnIfBusy();
          return value.call(target, query);
        };
      }
      if (key === "startTransaction") {
        return async (...args: unknown[]) => yieldingQueryable((await value.apply(target, args)) as Transaction, turns);
      }
      return value.bind(target);
    },
  });
}

/** The adapter `inner` makes, whose statements (in and out of transactions) let the event loop turn as said above. */
export function yieldingAdapter(inner: SqlMigrationAwareDriverAdapterFactory, turns: Turns = eventLoop): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    connect: async (): Promise<SqlDriverAdapter> => yieldingQueryable(await inner.connect(), turns),
    connectToShadowDb: async (): Promise<SqlDriverAdapter> => yieldingQueryable(await inner.connectToShadowDb(), turns),
  };
}
