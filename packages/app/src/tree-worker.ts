// The page tree's loading, off the main thread: it is fetched here (the session cookie goes with a worker's
// same-origin requests) and parsed, as the title tree (`/content/tree`: ID, title, type and sub-pages, a tenth
// of the full page list's bytes); the page gets the tree, or the failure's status (0: no answer) to throw as
// the SDK would. Measured against parsing it on the page, docs/app.md.
import { createClient, unwrap } from "@docstack/sdk";
import type { TreePage } from "./tree";

export interface TreeRequest {
  id: number;
  spaceId: string;
}
export type TreeAnswer = { id: number; pages: TreePage[] } | { id: number; failure: { status: number; message: string; reason?: string | undefined } };

const api = createClient({ baseUrl: self.location.origin });

self.onmessage = async (event: MessageEvent<TreeRequest>) => {
  const { id, spaceId } = event.data;
  let answer: TreeAnswer;
  try {
    const tree = await unwrap(api.GET("/v1/spaces/{spaceId}/content/tree", { params: { path: { spaceId } } }));
    answer = { id, pages: tree.pages };
  } catch (error) {
    const { status = 0, message = String(error), reason } = error as { status?: number; message?: string; reason?: string };
    answer = { id, failure: { status, message, reason } };
  }
  self.postMessage(answer);
};
