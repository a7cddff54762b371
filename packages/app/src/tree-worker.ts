// The page tree's loading, off the main thread: a space of thousands of pages answers megabytes of JSON
// (each page with its URLs and dates), whose parse alone was the app's longest task. Here it is fetched
// (the session cookie goes with a worker's same-origin requests), parsed and cut to what the tree shows;
// the page gets the small tree, or the failure's status (0: no answer) to throw as the SDK would.
import { createClient, unwrap } from "@docstack/sdk";
import type { TreePage } from "./tree";

export interface TreeRequest {
  id: number;
  spaceId: string;
}
export type TreeAnswer =
  | { id: number; pages: TreePage[] }
  | { id: number; failure: { status: number; message: string; reason?: string | undefined } };

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
