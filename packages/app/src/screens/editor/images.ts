// The change request's images for the editor: a page names a file by its name (`<img src="shot.png">`), which the
// editor shows through the file's signed download URL; a pasted or dropped image is uploaded into the change
// request (`uploadChangeRequestImage`: the server reads its type from its bytes) and named by what it answers.
import { api, unwrap } from "../../api";

export interface Images {
  /** Where to show an image block's `src`: a file of the change request by its name, an absolute URL as it is. */
  urlOf(src: string): string | undefined;
  /** Uploads an image into the change request; answers the name pages refer to it by. */
  upload(file: File): Promise<string>;
}

const PAGES = 20;

/** The change request's files (name to download URL), read once when the editor opens. */
export async function changeRequestImages(spaceId: string, changeRequestId: string): Promise<Images> {
  const urls = new Map<string, string>();
  const path = { spaceId, changeRequestId };
  let page: string | undefined;
  for (let read = 0; read < PAGES; read++) {
    const list = await unwrap(
      api.GET("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files", { params: { path, query: { limit: 1000, ...(page ? { page } : {}) } } }),
    );
    for (const file of list.items) urls.set(file.name, file.downloadURL);
    page = list.next?.page;
    if (!page) break;
  }
  return {
    urlOf: (src) => urls.get(src) ?? urls.get(assetName(src)) ?? (/^https?:\/\//.test(src) ? src : undefined),
    async upload(file) {
      const data = await base64Of(file);
      const uploaded = await unwrap(
        api.POST("/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/files", {
          params: { path },
          body: { name: file.name || "image", data, ...(file.type ? { contentType: file.type } : {}) },
        }),
      );
      urls.set(uploaded.file.name, uploaded.file.downloadURL);
      return uploaded.file.name;
    },
  };
}

function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

/** GitBook's path of a file (`../.gitbook/assets/my%20shot.png`) as its name. */
function assetName(src: string): string {
  const name = src.replace(/^(?:\.\.\/)*\.gitbook\/assets\//, "");
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
