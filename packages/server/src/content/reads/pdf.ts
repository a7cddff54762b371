// A change request's pages as a PDF (pdfkit, pure JavaScript): every page, or one
// page with its sub-pages, or that page alone. Headings are set larger; the rest of
// the markdown is set as text.
import type PDFKitDocument from "pdfkit";
import { notFound } from "../../http/errors";
import { loadDocuments } from "../store/documents";
import { toReadableMarkdown } from "../store/references";
import { revisionIndex } from "../store/revisions";
import { descendantsAndSelf, tocOrder } from "../store/tree";
import type { ContentStoreDeps } from "./deps";
import type { Download } from "./downloads";
import { contentStore } from "./reads";

type PdfDownload = Extract<Download, { kind: "pdf" }>;

export async function renderChangeRequestPdf(ctx: ContentStoreDeps, download: PdfDownload): Promise<Buffer> {
  const changeRequest = await ctx.prisma.changeRequest.findFirst({ where: { id: download.changeRequestId, spaceId: download.spaceId } });
  if (!changeRequest) throw notFound("Change request");
  const store = contentStore(ctx);
  const content = await revisionIndex(store, changeRequest.revisionId);
  if (!content) throw notFound("Change request");
  const scope = download.pageId ? (download.only ? new Set([download.pageId]) : descendantsAndSelf(content.pages, download.pageId)) : undefined;
  const pages = tocOrder(content.pages).filter((page) => !scope || scope.has(page.id));
  const bodies = await loadDocuments(
    store,
    pages.flatMap((page) => (page.document ? [page.document] : [])),
  );

  // Loaded on first use: pdfkit is a tenth of the modules' load time, and start-up must be fast.
  const PDFDocument = require("pdfkit") as typeof PDFKitDocument;
  const pdf = new PDFDocument({ size: "A4", margin: 56, info: { Title: `#${changeRequest.number} ${changeRequest.subject}`.trim() } });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor("#666")
    .text(`Change request #${changeRequest.number}${changeRequest.subject ? `: ${changeRequest.subject}` : ""}`);
  pdf.moveDown();
  pages.forEach((page, i) => {
    if (i > 0) pdf.addPage();
    pdf.font("Helvetica-Bold").fontSize(20).fillColor("#000").text(page.title);
    pdf.moveDown(0.5);
    const markdown = page.document ? toReadableMarkdown(bodies.get(page.document)?.markdown ?? "", content) : "";
    for (const line of markdown.split("\n")) {
      const heading = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading)
        pdf
          .moveDown(0.3)
          .font("Helvetica-Bold")
          .fontSize(Math.max(11, 18 - heading[1]!.length * 2))
          .text(heading[2]!);
      else if (line.trim()) pdf.font("Helvetica").fontSize(11).text(line);
      else pdf.moveDown(0.5);
    }
  });
  if (!pages.length) pdf.font("Helvetica").fontSize(11).text("This change request has no pages.");
  pdf.end();
  return done;
}
