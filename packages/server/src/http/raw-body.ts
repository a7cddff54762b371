import type { Readable } from "node:stream";

/** Bytes to send as they are (a download), for a success response whose content is not JSON. */
export interface RawBody {
  /** The bytes, or a stream of them (sent as it is produced: a failure part-way aborts the response). */
  data: Buffer | Readable;
  contentType: string;
  /** Sent as Content-Disposition's file name. */
  fileName?: string;
}
