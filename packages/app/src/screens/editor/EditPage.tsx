// The editor screen: a page of a change request, as the change request holds it, in the block editor. Loaded on
// the first edit (its own chunk with ProseMirror and @docstack/editor). Where the save stands is always said in a
// live region; a draft the browser kept from an earlier visit is restored (or, when the page changed on the
// server since, offered beside the server's version); a stale save shows both versions to settle. "Markdown source"
// shows the page's Markdown in CodeMirror (a chunk of its own, loaded when first opened): while it is open, its text
// is the page (saved as typed); closed, the block editor reopens it.
import { useEffect, useRef, useState } from "react";
import { Lazy, lazyView } from "../../ui/lazyView";
import { AppLink, Loading, Problem } from "../../ui/states";
import { type Conflict, Saver, type SaveStatus } from "./autosave";
import { ConflictPanel } from "./ConflictPanel";
import { type EditorHandle, EditorPane } from "./EditorPane";
import { type Opened, takeOpened } from "./opening";

const SourceView = lazyView(() => import("./SourceView"), "the Markdown source");

const STATUS: Record<SaveStatus, string> = {
  saved: "Saved",
  saving: "Saving…",
  offline: "Offline: your edits are kept in this browser and will be saved when Docstack can be reached",
  conflict: "Conflict: this page was changed elsewhere since you opened it",
  failed: "Not saved",
};

export default function EditPage({ spaceId, number, pageId }: { spaceId: string; number: string; pageId: string }) {
  const [opened, setOpened] = useState<Opened>();
  const [error, setError] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger
  useEffect(() => {
    let live = true;
    setOpened(undefined);
    setError(undefined);
    takeOpened(spaceId, number, pageId).then(
      (result) => live && setOpened(result),
      (failure) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, [spaceId, number, pageId, attempt]);

  if (error)
    return (
      <main id="main">
        <Problem error={error} retry={() => setAttempt((n) => n + 1)} />
      </main>
    );
  if (!opened)
    return (
      <main id="main">
        <Loading what="the editor" />
      </main>
    );
  return <Editing key={`${opened.changeRequestId}:${pageId}`} opened={opened} pageId={pageId} />;
}

function Editing({ opened, pageId }: { opened: Opened; pageId: string }) {
  // Set once by the editor; not a React ref handle (nulled on unmount, before the save made on leaving).
  const editor = useRef<EditorHandle | null>(null);
  const saver = useRef<Saver | null>(null);
  const [status, setStatus] = useState<{ status: SaveStatus; message?: string }>({ status: opened.conflict ? "conflict" : "saved" });
  const [conflict, setConflict] = useState<Conflict | undefined>(opened.conflict);
  /** The Markdown source's text while it is open: the page, as the writer types it there. */
  const source = useRef<string | null>(null);
  const [sourceOpen, setSourceOpen] = useState(false);
  const markdownNow = () => source.current ?? editor.current?.markdown() ?? opened.markdown;

  const toggleSource = () => {
    if (source.current === null) source.current = markdownNow();
    else {
      // Back to blocks: the editor opens the text typed (untouched blocks are its bytes, so saving it changes nothing).
      if (source.current !== editor.current?.markdown()) editor.current?.replace(source.current);
      source.current = null;
    }
    setSourceOpen(source.current !== null);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `markdownNow` reads refs only, never a stale value
  useEffect(() => {
    const made = new Saver({
      spaceId: opened.spaceId,
      changeRequestId: opened.changeRequestId,
      pageId,
      baseRevision: opened.revision,
      serverMarkdown: opened.serverMarkdown,
      read: markdownNow,
      onStatus: (next, message) => setStatus(message ? { status: next, message } : { status: next }),
      onConflict: setConflict,
    });
    saver.current = made;
    if (opened.conflict) made.hold();
    // A restored draft goes to the server at once.
    else if (opened.markdown !== opened.serverMarkdown) made.changed();
    const leave = () => made.flush();
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      made.dispose();
    };
  }, [opened, pageId]);

  const settle = (markdown: string, from: Conflict) => {
    source.current = null;
    setSourceOpen(false);
    if (markdown !== editor.current?.markdown()) editor.current?.replace(markdown);
    setConflict(undefined);
    saver.current?.rebase(from.revision, from.theirs);
  };

  const crPath = `/app/spaces/${opened.spaceId}/change-requests/${opened.number}`;
  return (
    <main id="main" className="editor-screen">
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <AppLink to={crPath}>
              #{opened.number} {opened.subject || "Untitled change request"}
            </AppLink>
          </li>
        </ol>
      </nav>
      <header className="editor-header">
        <h1>{opened.title}</h1>
        <p className={`save-status ${status.status}`} role="status" aria-live="polite">
          {STATUS[status.status]}
          {status.message ? `: ${status.message}` : ""}
        </p>
        <p className="editor-actions">
          <button type="button" aria-pressed={sourceOpen} onClick={toggleSource}>
            Markdown source
          </button>{" "}
          <AppLink to={`/app/spaces/${opened.spaceId}/pages/${pageId}`}>Back to the page</AppLink>
        </p>
      </header>
      {conflict ? <ConflictPanel conflict={conflict} onKeep={(markdown) => settle(markdown, conflict)} /> : null}
      <p className="hint-line" id="editor-keys">
        Type / for a block; # , - , 1. and three backticks start headings, lists and code; Ctrl+B, I, K for bold, italic and links. Paste or drop an image to
        add it; Tab reaches the block's settings.
      </p>
      {sourceOpen ? (
        <Lazy
          view={SourceView}
          props={{
            markdown: source.current ?? "",
            onChange: (text: string) => {
              source.current = text;
              saver.current?.changed();
            },
          }}
        />
      ) : null}
      <div hidden={sourceOpen}>
        <EditorPane
          markdown={opened.markdown}
          images={opened.images}
          onChange={() => saver.current?.changed()}
          onMount={(handle) => {
            editor.current = handle;
          }}
        />
      </div>
    </main>
  );
}
