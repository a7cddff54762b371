// A save refused as stale: the page was saved elsewhere (another tab, another writer) since this edit began.
// Both versions are shown where they differ (the blocks only theirs has, the blocks only mine has) and the writer
// keeps theirs, keeps mine, or merges: a block-level three-way merge, both kept where both changed a block.
import { useMemo } from "react";
import type { Conflict } from "./autosave";
import { blocksOf, matchBlocks, mergeBlocks } from "./merge";

/** The blocks of `a` that `b` does not have. */
function onlyIn(a: string[], b: string[]): string[] {
  const matched = new Set(matchBlocks(a, b).map(([i]) => i));
  return a.filter((_, i) => !matched.has(i)).map((block) => block.trimEnd());
}

export function ConflictPanel({ conflict, onKeep }: { conflict: Conflict; onKeep: (markdown: string) => void }) {
  const view = useMemo(() => {
    const [theirs, mine] = [blocksOf(conflict.theirs), blocksOf(conflict.mine)];
    return { theirs: onlyIn(theirs, mine), mine: onlyIn(mine, theirs), merged: mergeBlocks(conflict.base, conflict.theirs, conflict.mine) };
  }, [conflict]);
  return (
    <section className="conflict" aria-labelledby="conflict-title">
      <h2 id="conflict-title">This page was changed elsewhere</h2>
      <p>
        Someone (or another tab) saved this page after you started editing. Nothing is lost: choose which version to keep, or merge them.
        {view.merged.conflicts > 0
          ? ` Merging keeps both versions of the ${view.merged.conflicts === 1 ? "place" : `${view.merged.conflicts} places`} changed in both, theirs first.`
          : " Your changes and theirs touch different blocks: merging keeps both."}
      </p>
      <div className="conflict-versions">
        <section aria-labelledby="conflict-theirs">
          <h3 id="conflict-theirs">Theirs</h3>
          <Blocks blocks={view.theirs} />
        </section>
        <section aria-labelledby="conflict-mine">
          <h3 id="conflict-mine">Mine</h3>
          <Blocks blocks={view.mine} />
        </section>
      </div>
      <p className="actions">
        <button type="button" onClick={() => onKeep(view.merged.markdown)}>
          Merge
        </button>
        <button type="button" className="quiet" onClick={() => onKeep(conflict.mine)}>
          Keep mine
        </button>
        <button type="button" className="quiet" onClick={() => onKeep(conflict.theirs)}>
          Keep theirs
        </button>
      </p>
    </section>
  );
}

function Blocks({ blocks }: { blocks: string[] }) {
  if (blocks.length === 0) return <p className="muted">No block of its own.</p>;
  return (
    <ul className="conflict-blocks">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks may repeat; their order is their identity here
        <li key={i}>
          <pre>{block}</pre>
        </li>
      ))}
    </ul>
  );
}
