// Signed download URLs: a file's bytes or a change request's PDF, served without a
// token to whoever holds the URL, for one hour (so an <img> or a browser tab can use
// it). The URL carries what to serve and until when, signed with the secret every instance shares (see services.ts).
import type { Clock } from "../../clock";
import { declareSecret } from "../../secrets";
import type { SigningKeys } from "../../signing";
import type { StoredFile } from "../store/tree";

export const DOWNLOAD_TTL_MS = 60 * 60 * 1000;

export type Download =
  | { kind: "file"; blob: string; name: string; contentType: string }
  | { kind: "pdf"; spaceId: string; changeRequestId: string; pageId?: string; only?: boolean };

export class DownloadSigner {
  constructor(
    private readonly keys: SigningKeys,
    private readonly clock: Clock,
  ) {}

  token(download: Download): string {
    const payload = Buffer.from(JSON.stringify({ ...download, expires: this.clock.now().getTime() + DOWNLOAD_TTL_MS })).toString("base64url");
    return declareSecret(`${payload}.${this.keys.sign(payload)}`);
  }

  url(baseUrl: string, download: Download): string {
    return `${baseUrl}/v1/downloads/${this.token(download)}`;
  }

  fileUrl(baseUrl: string, file: StoredFile): string {
    return this.url(baseUrl, { kind: "file", blob: file.blob, name: file.name, contentType: file.contentType });
  }

  /** What a token names, or undefined when it is modified or expired. */
  verify(token: string): Download | undefined {
    const [payload, signature] = token.split(".");
    if (!payload || !signature) return undefined;
    if (!this.keys.verify(payload, signature)) return undefined;
    const { expires, ...download } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Download & { expires: number };
    return expires >= this.clock.now().getTime() ? (download as Download) : undefined;
  }
}
