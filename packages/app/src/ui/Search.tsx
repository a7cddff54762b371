// Organization search on Ctrl+K / Cmd+K: a combobox named "Search" whose results are options named by page
// titles; Enter (or a click) opens the page. The search forgives typos (the API's).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { api, unwrap } from "../api";
import { navigate } from "../navigation";
import { appPath } from "../routes";
import { Problem } from "./states";

export function useSearchShortcut(open: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
}

interface Hit {
  id: string;
  title: string;
  space: string;
  path: string;
}

/** The hits grouped by space, in order, each with its place in the whole list (what the arrows move through). */
function spacesOf(hits: Hit[]): [string, { hit: Hit; index: number }[]][] {
  const groups = new Map<string, { hit: Hit; index: number }[]>();
  hits.forEach((hit, index) => {
    const group = groups.get(hit.space) ?? [];
    group.push({ hit, index });
    groups.set(hit.space, group);
  });
  return [...groups];
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function SearchDialog({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), 150);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const results = useQuery({
    queryKey: ["org", organizationId, "search", query],
    enabled: query.length > 0,
    queryFn: async () => {
      const found = await unwrap(api.GET("/v1/orgs/{organizationId}/search", { params: { path: { organizationId }, query: { query, limit: 20 } } }));
      return found.items.flatMap((space) =>
        space.pages.map(
          (page): Hit => ({
            id: page.id,
            title: page.title,
            space: space.title,
            path: appPath(page.urls.app, location.origin) ?? `/app/spaces/${space.id}/pages/${page.id}`,
          }),
        ),
      );
    },
  });
  const hits = results.data ?? [];
  useEffect(() => input.current?.focus(), []);

  const open = (hit: Hit | undefined) => {
    if (!hit) return;
    onClose();
    navigate(hit.path);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowDown") setActive((i) => Math.min(i + 1, hits.length - 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter") open(hits[active]);
    else if (event.key === "Escape") onClose();
    else return;
    event.preventDefault();
  };

  return (
    <div className="overlay">
      <div className="search-dialog" role="dialog" aria-modal="true" aria-label="Search pages">
        <input
          ref={input}
          role="combobox"
          aria-label="Search"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={hits[active] ? `${listId}-${active}` : undefined}
          placeholder="Search pages…"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {results.isError ? <Problem error={results.error} retry={() => results.refetch()} /> : null}
        <div id={listId} role="listbox" aria-label="Results">
          {spacesOf(hits).map(([space, inSpace]) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group (a fieldset is not one); each option is named by its title alone
            <div key={space} role="group" aria-label={space}>
              <div className="where" aria-hidden="true">
                {space}
              </div>
              {inSpace.map(({ hit, index }) => (
                <div
                  key={hit.id}
                  tabIndex={-1}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => open(hit)}
                  onKeyDown={() => undefined}
                >
                  {hit.title}
                </div>
              ))}
            </div>
          ))}
        </div>
        {query && results.isSuccess && hits.length === 0 ? <p className="state empty">No page matches “{query}”.</p> : null}
        {results.isFetching ? (
          <p className="visually-hidden" role="status">
            Searching…
          </p>
        ) : null}
        <p className="hint-line">
          <kbd>↑</kbd> <kbd>↓</kbd> to choose, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close{" "}
          <button type="button" className="quiet" onClick={onClose}>
            Close
          </button>
        </p>
      </div>
    </div>
  );
}
