// Views whose code loads when first shown: `lazyView(load, what)` at a module's top, `<Lazy view={…} props={…} />`
// where it shows: "Loading …" until the code is in, a problem with "Try again" if it cannot be fetched. Not
// React.lazy under Suspense: React 19 holds the commit of a boundary's revealed content until 300 ms after its
// fallback showed (its retry throttle), so a screen whose data was already in (a 5,000-page tree) waited up to
// 300 ms more to show (docs/app.md). Here the code's arrival is an ordinary state update.
import { ConnectionError } from "@docstack/sdk";
import { type ComponentType, useEffect, useReducer, useState } from "react";
import { Loading, Problem } from "./states";

export interface LazyView<Props> {
  /** What is loading, as "Loading …" says it. */
  what: string;
  /** The view, once loaded. */
  loaded: ComponentType<Props> | undefined;
  /** Loads the code once for every place that shows it; a failed load is tried again by the next call. */
  load(): Promise<ComponentType<Props>>;
}

export function lazyView<Props>(load: () => Promise<{ default: ComponentType<Props> }>, what: string): LazyView<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const view: LazyView<Props> = {
    what,
    loaded: undefined,
    load: () =>
      (loading ??= load().then(
        (module) => (view.loaded = module.default),
        (error: unknown) => {
          loading = undefined;
          // Its code could not be fetched (the import's error says no more): shown as the lost connection it most likely is.
          throw new ConnectionError("This view's code could not be loaded", { cause: error });
        },
      )),
  };
  return view;
}

export function Lazy<Props extends object>({ view, props }: { view: LazyView<Props>; props: Props }) {
  // A render when the code is in (a count: the same place may have been told of another view's code before).
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  // Whose load failed: the same place may show another view next (a screen after another), which loads afresh.
  const [failed, setFailure] = useState<{ view: LazyView<Props>; error: unknown }>();
  const failure = failed?.view === view ? failed : undefined;
  const [attempt, setAttempt] = useState(0);
  if (!view.loaded && !failure) void view.load().catch(() => undefined); // asked for while rendering: the fetch starts now
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger
  useEffect(() => {
    if (view.loaded) return;
    let current = true;
    view.load().then(
      () => current && arrived(),
      (error: unknown) => current && setFailure({ view, error }),
    );
    return () => {
      current = false;
    };
  }, [view, attempt]);

  if (view.loaded) {
    const View = view.loaded;
    return <View {...props} />;
  }
  if (failure)
    return (
      <Problem
        error={failure.error}
        retry={() => {
          setFailure(undefined);
          setAttempt((n) => n + 1);
        }}
      />
    );
  return <Loading what={view.what} />;
}
