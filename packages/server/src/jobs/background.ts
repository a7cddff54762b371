// Work the server does after it has answered (such as processing an OpenAPI source).
// Areas register how to wait for theirs, so that tests and the quality gates can let it
// settle before they look at the database, instead of sleeping.
const settlers = new Set<() => Promise<void>>();

export function registerBackgroundWork(settle: () => Promise<void>): void {
  settlers.add(settle);
}

/** Resolves once every area's background work has settled. */
export async function backgroundWorkSettled(): Promise<void> {
  await Promise.all([...settlers].map((settle) => settle()));
}
