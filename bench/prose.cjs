// Real prose for the bench: the paragraphs of the READMEs of the packages installed in this workspace (several
// hundred real manuals, about a megabyte of prose and 9,000 distinct words), so a space written from them has a
// real vocabulary, not the generated text's few hundred words. Nothing is downloaded: they are read from
// node_modules/.pnpm. Code blocks, tables and HTML are left out; a paragraph is kept when it reads as prose.
const fs = require("node:fs");
const path = require("node:path");

const STORE = path.join(__dirname, "..", "node_modules", ".pnpm");

function readmes() {
  const files = [];
  for (const entry of fs.readdirSync(STORE).sort()) {
    const modules = path.join(STORE, entry, "node_modules");
    if (!fs.existsSync(modules)) continue;
    for (const name of fs.readdirSync(modules).sort()) {
      const dirs = name.startsWith("@") ? fs.readdirSync(path.join(modules, name)).map((n) => path.join(modules, name, n)) : [path.join(modules, name)];
      for (const dir of dirs) {
        if (fs.lstatSync(dir).isSymbolicLink()) continue;
        const readme = ["README.md", "readme.md", "Readme.md"].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
        if (readme) files.push(readme);
      }
    }
  }
  return files;
}

let cached;
/** The distinct prose paragraphs, in a stable order. */
function paragraphs() {
  if (cached) return cached;
  const found = new Set();
  for (const file of readmes()) {
    const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    for (const block of text.split(/\n\s*\n/)) {
      const paragraph = block.replace(/\s+/g, " ").trim();
      if (paragraph.length > 120 && /^[A-Z]/.test(paragraph) && !/[<>|]/.test(paragraph) && paragraph.split(" ").length > 15) found.add(paragraph);
    }
  }
  cached = [...found];
  if (cached.length < 100) throw new Error(`only ${cached.length} paragraphs of prose found under ${STORE}`);
  return cached;
}

/**
 * Page `i` of a manual: a title and six paragraphs under two headings, chosen so that pages share paragraphs in
 * different combinations (a stride through the paragraphs). `extra` is appended (the rare word of one page).
 */
function prosePage(i, extra = "") {
  const all = paragraphs();
  const pick = (k) => all[((i * 6 + k) * 7919) % all.length];
  const title = `${pick(0)
    .split(" ")
    .slice(0, 4)
    .join(" ")
    .replace(/[^\w ]/g, "")} ${i + 1}`;
  const [a, b, c, d, e, f] = [0, 1, 2, 3, 4, 5].map(pick);
  const markdown = `${a}\n\n${b}\n\n## Details\n\n${c}\n\n${d}\n\n## Notes\n\n${e}\n\n${f}${extra ? `\n\n${extra}` : ""}`;
  return { title, markdown };
}

module.exports = { paragraphs, prosePage };
