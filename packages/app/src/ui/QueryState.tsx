// A read's three states in one place: loading (it says what), failed (what happened and what to do, with a
// retry), or answered: its content. A screen's main read fills the page (`<main>`); a part's read (`inline`)
// shows its state where the part goes.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Loading, Problem } from "./states";

export function QueryState<T>({
  query,
  what,
  inline = false,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, in words: "the collection". */
  what: string;
  inline?: boolean;
  children: (data: T) => ReactNode;
}) {
  let state: ReactNode;
  if (query.isError) state = <Problem error={query.error} retry={() => void query.refetch()} />;
  else if (query.isPending) state = <Loading what={what} />;
  else return children(query.data);
  return inline ? state : <main id="main">{state}</main>;
}
