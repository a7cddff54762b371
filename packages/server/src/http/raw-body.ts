/** Bytes to send as they are (a download), for a success response whose content is not JSON. */
export interface RawBody {
  data: Buffer;
  contentType: string;
  /** Sent as Content-Disposition's file name. */
  fileName?: string;
}
