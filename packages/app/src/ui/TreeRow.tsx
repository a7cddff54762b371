// One row of the page tree, memoized: its props are the row's own facts and one set of handlers that never
// changes, so expanding, selecting, focusing or scrolling re-renders only the rows whose facts changed.
import { type DragEvent, type KeyboardEvent, type MouseEvent, memo, useState } from "react";
import { type Row, sameRowFacts } from "../tree";

export type DropPosition = "before" | "after" | "inside";

/** What a row asks of its tree, by page ID; the same object for the tree's whole life (see PageTree). */
export interface RowHandlers {
  keyDown: (event: KeyboardEvent, id: string) => void;
  click: (event: MouseEvent, id: string) => void;
  focus: (id: string) => void;
  dragStart: (event: DragEvent, row: Row) => void;
  dragOver: (event: DragEvent<HTMLElement>, id: string) => void;
  dragLeave: () => void;
  drop: (event: DragEvent<HTMLElement>, id: string) => void;
  renamed: (row: Row, title: string | undefined) => void;
  element: (id: string, element: HTMLElement | null) => void;
}

interface RowProps {
  row: Row;
  expanded: boolean;
  current: boolean;
  tabStop: boolean;
  drop: DropPosition | undefined;
  renaming: boolean;
  editable: boolean;
  handlers: RowHandlers;
}

/** Whether a row would render the same (its Row compared by its facts: see sameRowFacts). */
function sameRow(before: RowProps, after: RowProps): boolean {
  return (
    sameRowFacts(before.row, after.row) &&
    before.expanded === after.expanded &&
    before.current === after.current &&
    before.tabStop === after.tabStop &&
    before.drop === after.drop &&
    before.renaming === after.renaming &&
    before.editable === after.editable &&
    before.handlers === after.handlers
  );
}

export const TreeRow = memo(function TreeRow({ row, expanded, current, tabStop, drop, renaming, editable, handlers }: RowProps) {
  const id = row.page.id;
  return (
    <div
      role="treeitem"
      aria-label={row.page.title}
      aria-level={row.depth}
      aria-setsize={row.siblings}
      aria-posinset={row.index + 1}
      aria-expanded={row.hasChildren ? expanded : undefined}
      aria-selected={current}
      tabIndex={tabStop ? 0 : -1}
      ref={(element) => handlers.element(id, element)}
      className={`tree-row${current ? " current" : ""}${drop ? ` drop-${drop}` : ""}`}
      style={{ paddingInlineStart: `${(row.depth - 1) * 1.1 + 0.25}rem` }}
      onKeyDown={(event) => handlers.keyDown(event, id)}
      onClick={(event) => handlers.click(event, id)}
      onFocus={(event) => event.target === event.currentTarget && handlers.focus(id)}
      draggable={editable && !renaming}
      onDragStart={(event) => handlers.dragStart(event, row)}
      onDragOver={(event) => handlers.dragOver(event, id)}
      onDragLeave={handlers.dragLeave}
      onDrop={(event) => handlers.drop(event, id)}
      onDragEnd={handlers.dragLeave}
    >
      <span className="twisty" aria-hidden="true">
        {row.hasChildren ? (expanded ? "▾" : "▸") : null}
      </span>
      {renaming ? (
        <RenameField title={row.page.title} onDone={(title) => handlers.renamed(row, title)} />
      ) : (
        <span className="tree-title">{row.page.title}</span>
      )}
    </div>
  );
}, sameRow);

function RenameField({ title, onDone }: { title: string; onDone: (title: string | undefined) => void }) {
  const [value, setValue] = useState(title);
  return (
    <input
      aria-label={`New title of ${title}`}
      // biome-ignore lint/a11y/noAutofocus: F2 asks for this field; focus goes back to the row after
      autoFocus
      value={value}
      maxLength={100}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === "Enter") onDone(value.trim());
        if (event.key === "Escape") onDone(undefined);
      }}
      onBlur={() => onDone(value.trim())}
    />
  );
}
