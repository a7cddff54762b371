// What the editor screen opens a page with: its change request, the page's Markdown there, the change request's
// images and a draft the browser kept. Light (no editor code), so that the app can start it with the editor's chunk
// as soon as the route names an editor screen: the reads and the chunk's download then overlap instead of the reads
// waiting for the chunk to arrive and run (issue 38: a 5,000-block page ready to edit in 2 s).
import { type Conflict, readChangeRequest, readPageIn } from "./autosave";
import { discardDraft, draftKey, readDraft } from "./drafts";
import { changeRequestImages, type Images } from "./images";

export interface Opened {
  spaceId: string;
  changeRequestId: string;
  number: number;
  subject: string;
  title: string;
  revision: string;
  /** The page's Markdown in the change request, and what the editor opens (a kept draft, else the same). */
  serverMarkdown: string;
  markdown: string;
  /** A kept draft whose base is no longer what the server holds. */
  conflict?: Conflict;
  images: Images;
}

export async function openPage(spaceId: string, number: string, pageId: string): Promise<Opened> {
  const cr = await readChangeRequest(spaceId, number);
  const key = draftKey(cr.id, pageId);
  // The page, its images and a kept draft side by side: each is a round trip (a long page's is the longest).
  const [{ page, markdown: serverMarkdown }, images, draft] = await Promise.all([
    readPageIn(spaceId, cr.id, pageId),
    changeRequestImages(spaceId, cr.id),
    readDraft(key).catch(() => undefined),
  ]);
  const opened = {
    spaceId,
    changeRequestId: cr.id,
    number: cr.number,
    subject: cr.subject,
    title: page.title,
    revision: cr.revision,
    serverMarkdown,
    markdown: serverMarkdown,
    images,
  };
  if (!draft) return opened;
  if (draft.markdown === serverMarkdown) {
    await discardDraft(key).catch(() => undefined);
    return opened;
  }
  // Nobody changed the page since the draft's edit began: it is saved on top of the server's version.
  if (draft.baseMarkdown === serverMarkdown) return { ...opened, markdown: draft.markdown };
  return {
    ...opened,
    markdown: draft.markdown,
    conflict: { base: draft.baseMarkdown, theirs: serverMarkdown, mine: draft.markdown, revision: cr.revision },
  };
}

/** The editor screen the route last named, and its opening started ahead until that screen takes it. */
let ahead: { key: string; opened?: Promise<Opened> } | undefined;

const keyOf = (spaceId: string, number: string, pageId: string) => `${spaceId}/${number}/${pageId}`;

/**
 * Starts opening a page for the editor screen the route names, and loading the screen's code, once per visit of
 * that screen (the app renders again and again on one route).
 */
export function openAhead(spaceId: string, number: string, pageId: string, loadScreen: () => Promise<unknown>): void {
  const key = keyOf(spaceId, number, pageId);
  if (ahead?.key === key) return;
  // The screen's own lazy load reports a failed download. The editor's package is asked for too: its chunk (shared
  // with the review screens) is then fetched beside the screen's, not once the screen's chunk has arrived and named it.
  preloadEditorChunks();
  loadScreen().catch(() => undefined);
  import("@docstack/editor").catch(() => undefined);
  const opened = openPage(spaceId, number, pageId);
  // Not reported here: the screen reads again and reports its own failure.
  opened.catch(() => undefined);
  ahead = { key, opened };
}

/**
 * Asks for every chunk of the editor screen at once (the build names them in index.html): otherwise the screen's
 * chunk arrives first and only then are the chunks it imports (ProseMirror, markdown-it) asked for, a round trip
 * later on the way to a page ready to edit.
 */
function preloadEditorChunks(): void {
  if (typeof document === "undefined") return;
  const named = document.querySelector<HTMLMetaElement>('meta[name="docstack-editor-chunks"]')?.content ?? "";
  const asked = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")));
  for (const href of named.split(" ")) {
    if (!href || asked.has(href)) continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

/** The route left the editor screen: an opening started for it would be stale on a later visit. */
export function forgetAhead(): void {
  ahead = undefined;
}

/** The page as opened ahead for this screen, else read now. Taken once: a retry reads afresh, as does a failed read. */
export function takeOpened(spaceId: string, number: string, pageId: string): Promise<Opened> {
  const key = keyOf(spaceId, number, pageId);
  const started = ahead?.key === key ? ahead.opened : undefined;
  if (!started) return openPage(spaceId, number, pageId);
  ahead = { key };
  return started.catch(() => openPage(spaceId, number, pageId));
}
