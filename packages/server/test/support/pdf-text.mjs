// Prints the text of a PDF (read from stdin), page by page, with pdfjs-dist: tests
// open generated PDFs with a real parser. An ES module, run in its own process.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const content = await (await pdf.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => item.str).join(" "));
}
process.stdout.write(JSON.stringify(pages));
