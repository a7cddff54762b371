// What the content layer needs from the server, named by each part that uses it. The request
// context satisfies all of them; jobs and the published-site reader pass their own.
import type { Db } from "../../db/database";
import type { CursorCodec } from "../../http/pagination";
import type { BaseUrl } from "../../http/urls";
import type { RenderPool } from "../format/render-pool";
import type { ContentCache } from "../store/cache";
import type { DownloadSigner } from "./downloads";

/** The database and the shared cache of immutable content (documents, chunks, indexes). */
export interface ContentStoreDeps {
  prisma: Db;
  contentCache: ContentCache;
}

/** Serializing content: URLs start at the base URL; files' download URLs are signed; long pages' documents are made in the render pool. */
export interface SerializeDeps extends BaseUrl {
  downloads: DownloadSigner;
  renderPool: RenderPool;
}

/** Reading content as the contract shows it, lists included. */
export interface ContentDeps extends ContentStoreDeps, SerializeDeps {
  cursors: CursorCodec;
}
