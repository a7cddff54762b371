// What a signed download URL serves: a file's bytes, or a change request's PDF.

import { notFound } from "../../http/errors";
import type { RawBody } from "../../http/raw-body";
import type { ContentStoreDeps } from "./deps";
import type { Download } from "./downloads";
import { renderChangeRequestPdf } from "./pdf";

export async function serveDownload(ctx: ContentStoreDeps, download: Download): Promise<{ status: 200; raw: RawBody & { data: Buffer } }> {
  if (download.kind === "file") {
    const blob = await ctx.prisma.fileBlob.findUnique({ where: { hash: download.blob } });
    if (!blob) throw notFound("File");
    return { status: 200, raw: { data: Buffer.from(blob.data), contentType: download.contentType, fileName: download.name } };
  }
  return { status: 200, raw: { data: await renderChangeRequestPdf(ctx, download), contentType: "application/pdf", fileName: "change-request.pdf" } };
}
