// A space's page tree: a `tree` of `treeitem`s named by page titles. Arrows move between pages (Right and
// Left expand and collapse), Enter opens one; Alt+arrows move the focused page (up, down, into the page
// above, out of its parent); F2 renames, Delete deletes; pages are dragged before, after or into others.
// A large tree (more than WINDOW_FROM rows shown) scrolls in its own box and renders only the rows in view:
// a space of thousands of pages opens, expands and scrolls without long tasks. Each row keeps its level and
// place (aria-level, -setsize, -posinset), so screen readers still know where they are.
import { type DragEvent, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { dropMove, keyboardMove, type Move, type MoveKey, type Row, rowWindow, scrollToShow, type TreePage, trail, visibleRows, WINDOW_FROM } from "../tree";
import { type DropPosition, type RowHandlers, TreeRow } from "./TreeRow";

export interface TreeActions {
  open: (pageId: string) => void;
  move: (move: Move, title: string) => void;
  rename: (pageId: string, title: string) => void;
  remove: (pageId: string, title: string) => void;
}

const MOVE_KEYS: Record<string, MoveKey> = { ArrowUp: "up", ArrowDown: "down", ArrowRight: "indent", ArrowLeft: "outdent" };

export function PageTree({ pages, current, editable, actions }: { pages: TreePage[]; current?: string; editable: boolean; actions: TreeActions }) {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [focused, setFocused] = useState<string | undefined>(current);
  const [renaming, setRenaming] = useState<string>();
  const [dropAt, setDropAt] = useState<{ id: string; position: DropPosition }>();
  const dragged = useRef<string>(undefined);
  const rows = useMemo(() => visibleRows(pages, expanded), [pages, expanded]);
  const items = useRef(new Map<string, HTMLElement>());
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600, rowHeight: 32 });
  const windowed = rows.length > WINDOW_FROM;
  const { first, last } = rowWindow(rows.length, view.rowHeight, view.top, view.height);
  /** A row to focus once it is rendered (a key moved to a row out of the window). */
  const focusNext = useRef<string>(undefined);
  // The rows' handlers, one object for the tree's life so that memoized rows keep it; each calls what `live`
  // holds, set on every render below (events come after a render is committed).
  const live = useRef<RowHandlers>(undefined);
  const [handlers] = useState<RowHandlers>(() => ({
    keyDown: (event, id) => live.current?.keyDown(event, id),
    click: (event, id) => live.current?.click(event, id),
    focus: (id) => live.current?.focus(id),
    dragStart: (event, row) => live.current?.dragStart(event, row),
    dragOver: (event, id) => live.current?.dragOver(event, id),
    dragLeave: () => live.current?.dragLeave(),
    drop: (event, id) => live.current?.drop(event, id),
    renamed: (row, title) => live.current?.renamed(row, title),
    // Rows' elements, by page ID (focus goes to them); needs no state, so it works from the first commit.
    element: (id, element) => {
      if (element) items.current.set(id, element);
      else items.current.delete(id);
    },
  }));

  // The box's height and a row's, measured once the tree is windowed and whenever the box changes size (the
  // stylesheet arriving, the window resized): rows have one height there (app.css).
  useLayoutEffect(() => {
    const element = box.current;
    if (!windowed || !element) return;
    const measure = () => {
      const row = element.querySelector<HTMLElement>('[role="treeitem"]');
      // Never more than the window: the box is at most 70vh (app.css), whatever a measure caught mid-layout.
      const height = Math.min(element.clientHeight || window.innerHeight, window.innerHeight);
      const rowHeight = row?.offsetHeight || 32;
      setView((now) => (now.height === height && now.rowHeight === rowHeight ? now : { ...now, height, rowHeight }));
    };
    measure();
    // Its border box: the padding standing for unrendered rows changes with every scroll, the box does not.
    const observer = new ResizeObserver(measure);
    observer.observe(element, { box: "border-box" });
    return () => observer.disconnect();
  }, [windowed]);

  const scrollTo = (top: number) => {
    if (box.current) box.current.scrollTop = top;
    setView((now) => ({ ...now, top }));
  };

  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = undefined;
    items.current.get(id)?.focus();
  });

  // The open page's ancestors are expanded, so it shows.
  useEffect(() => {
    if (!current) return;
    const ancestors = trail(pages, current)
      .slice(0, -1)
      .map((page) => page.id);
    if (ancestors.some((id) => !expanded.has(id))) setExpanded((set) => new Set([...set, ...ancestors]));
  }, [current, pages, expanded]);

  // In a large tree, the open page is scrolled into view when it is opened from elsewhere (a link, search).
  const shownCurrent = useRef<string>(undefined);
  useEffect(() => {
    if (!windowed || !current || shownCurrent.current === current) return;
    const index = rows.findIndex((row) => row.page.id === current);
    if (index < 0) return;
    shownCurrent.current = current;
    if (scrollToShow(index, view.rowHeight, view.top, view.height) !== view.top) scrollTo(Math.max(0, index * view.rowHeight - view.height / 3));
  });

  const focusRow = (row: Row | undefined) => {
    if (!row) return;
    setFocused(row.page.id);
    const element = items.current.get(row.page.id);
    if (windowed) {
      const top = scrollToShow(rows.indexOf(row), view.rowHeight, view.top, view.height);
      if (top !== view.top) scrollTo(top);
    }
    if (element && !windowed) element.focus();
    else focusNext.current = row.page.id;
  };
  const toggle = (id: string, open: boolean) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent, id: string) => {
    if (renaming) return;
    const index = rows.findIndex((candidate) => candidate.page.id === id);
    const row = rows[index];
    if (!row) return;
    if (event.altKey && MOVE_KEYS[event.key]) {
      event.preventDefault();
      if (!editable) return;
      const move = keyboardMove(pages, id, MOVE_KEYS[event.key] as MoveKey);
      if (move) {
        if (move.into) toggle(move.into, true);
        actions.move(move, row.page.title);
      }
      return;
    }
    switch (event.key) {
      case "ArrowDown":
        focusRow(rows[index + 1]);
        break;
      case "ArrowUp":
        focusRow(rows[index - 1]);
        break;
      case "ArrowRight":
        if (row.hasChildren && !expanded.has(id)) toggle(id, true);
        else if (row.hasChildren) focusRow(rows[index + 1]);
        break;
      case "ArrowLeft":
        if (row.hasChildren && expanded.has(id)) toggle(id, false);
        else focusRow(rows.find((candidate) => candidate.page.id === row.parentId));
        break;
      case "Home":
        focusRow(rows[0]);
        break;
      case "End":
        focusRow(rows.at(-1));
        break;
      case "Enter":
        actions.open(id);
        break;
      case "F2":
        if (editable) setRenaming(id);
        break;
      case "Delete":
        if (editable) actions.remove(id, row.page.title);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const positionOf = (event: DragEvent<HTMLElement>): DropPosition => {
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / box.height;
    return y < 0.25 ? "before" : y > 0.75 ? "after" : "inside";
  };

  // What the rows' handlers do once this render is committed: they read its state (the handlers never change).
  const now: RowHandlers = {
    keyDown: onKeyDown,
    click: (event, id) => {
      if (renaming === id) return;
      if ((event.target as HTMLElement).classList.contains("twisty")) toggle(id, !expanded.has(id));
      else actions.open(id);
    },
    focus: setFocused,
    dragStart: (event, row) => {
      dragged.current = row.page.id;
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", row.page.title);
    },
    dragOver: (event, id) => {
      if (!dragged.current || dragged.current === id) return;
      event.preventDefault();
      const position = positionOf(event);
      if (dropAt?.id !== id || dropAt.position !== position) setDropAt({ id, position });
    },
    dragLeave: () => setDropAt(undefined),
    drop: (event, id) => {
      event.preventDefault();
      const from = dragged.current;
      dragged.current = undefined;
      setDropAt(undefined);
      if (!from) return;
      const move = dropMove(pages, from, id, positionOf(event));
      const title = rows.find((candidate) => candidate.page.id === from)?.page.title ?? "";
      if (move) {
        if (move.into) toggle(move.into, true);
        actions.move(move, title);
      }
    },
    renamed: (row, title) => {
      setRenaming(undefined);
      items.current.get(row.page.id)?.focus();
      if (title && title !== row.page.title) actions.rename(row.page.id, title);
    },
    element: handlers.element,
  };
  useLayoutEffect(() => {
    live.current = now;
  });

  if (rows.length === 0) return <p className="muted">This space has no pages yet.</p>;
  const shown = rows.slice(first, last);
  // One row is reached by Tab (the focused one, or the first in view when it is scrolled away).
  const tabStop = shown.some((row) => row.page.id === focused) ? focused : shown[0]?.page.id;

  return (
    <div
      role="tree"
      aria-label="Pages"
      ref={box}
      className={windowed ? "page-tree windowed" : "page-tree"}
      onScroll={
        windowed
          ? (event) => {
              const top = event.currentTarget.scrollTop; // read now: the event's target is gone when the update runs
              setView((now) => (now.top === top ? now : { ...now, top }));
            }
          : undefined
      }
    >
      {/* The padding stands for the rows not rendered, above and below, so the box scrolls their whole height. */}
      <div role="none" style={windowed ? { paddingTop: first * view.rowHeight, paddingBottom: (rows.length - last) * view.rowHeight } : undefined}>
        {shown.map((row) => {
          const id = row.page.id;
          return (
            <TreeRow
              key={id}
              row={row}
              expanded={expanded.has(id)}
              current={id === current}
              tabStop={id === tabStop}
              drop={dropAt?.id === id ? dropAt.position : undefined}
              renaming={renaming === id}
              editable={editable}
              handlers={handlers}
            />
          );
        })}
      </div>
    </div>
  );
}
