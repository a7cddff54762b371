// Edits not yet on the server, kept in the browser (IndexedDB) per change request and page until the server
// acknowledges them: a closed tab, a crash, a lost connection or a restarted server loses nothing. A draft is
// removed only by the tab that wrote it and only when the server holds that very text (compare and delete in one
// transaction), so two tabs of one page never drop each other's drafts.

export interface Draft {
  /** `changeRequestId:pageId`. */
  key: string;
  /** The writer's Markdown. */
  markdown: string;
  /** The page's Markdown and the change request's revision the edit was based on (for the save's precondition and a merge). */
  baseMarkdown: string;
  baseRevision: string;
  /** The tab that wrote it. */
  writer: string;
  savedAt: number;
}

const DB = "docstack-editor";
const STORE = "drafts";

export const draftKey = (changeRequestId: string, pageId: string) => `${changeRequestId}:${pageId}`;

let opening: Promise<IDBDatabase> | undefined;
function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opening;
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const readDraft = (key: string) => inStore<Draft | undefined>("readonly", (store) => store.get(key) as IDBRequest<Draft | undefined>);

export const writeDraft = (draft: Draft) => inStore("readwrite", (store) => store.put(draft)).then(() => undefined);

/** Removes the draft when it is still this tab's and the server now holds its text. */
export function dropDraft(key: string, writer: string, acknowledged: string): Promise<void> {
  return inStore("readwrite", (store) => {
    const read = store.get(key) as IDBRequest<Draft | undefined>;
    read.onsuccess = () => {
      const draft = read.result;
      if (draft && draft.writer === writer && draft.markdown === acknowledged) store.delete(key);
    };
    return undefined;
  }).then(() => undefined);
}

/** Removes the draft whoever wrote it (the writer chose another version in a conflict). */
export const discardDraft = (key: string) => inStore("readwrite", (store) => store.delete(key)).then(() => undefined);
