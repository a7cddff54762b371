// Documentation-shaped page bodies for the benchmark: a title's worth of intro, paragraphs
// under a few headings, a code block, a list, links to other pages (by path and by
// anchor) and to the page's own headings. Every page mentions COMMON_TERM; the page
// given `rare` mentions RARE_TERM.
const COMMON_TERM = "configuration";
const RARE_TERM = "zeppelin";

const WORDS = (
  "deploy server client token request response cluster network storage backup restore upgrade install " +
  "permission role member team space page section template webhook integration search index cache " +
  "latency throughput replica region volume secret rotate audit export import migrate schema field"
).split(" ");

/** A deterministic sentence of `count` words, different for every seed. */
function sentence(seed, count) {
  const words = [];
  let state = (seed * 2654435761) >>> 0;
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + i) >>> 0;
    words.push(WORDS[state % WORDS.length]);
  }
  const text = words.join(" ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** Page i's parent: every 20th page is a chapter, every 5th a section of it, the others under the last section. */
function parentIndex(i) {
  if (i % 20 === 0) return null;
  if (i % 5 === 0 || i % 20 < 5) return i - (i % 20);
  return i - (i % 5);
}

/** Page i's markdown; `other(offset)` gives the path of another page to link to. */
function pageMarkdown(i, other, rare = false) {
  return [
    `${sentence(i, 14)} This page covers the ${COMMON_TERM} of part ${i}.`,
    "",
    "## Overview",
    "",
    `${sentence(i + 1, 30)} See [the related page](/${other(7)}) and [its usage](/${other(13)}#usage).`,
    `${sentence(i + 2, 25)} The ${COMMON_TERM} is read when the server starts.`,
    "",
    "## Usage",
    "",
    `${sentence(i + 3, 20)} Jump to [the options](#options).`,
    "",
    "```bash",
    `docstack deploy --part ${i} --region eu-${i % 7}`,
    `docstack status --part ${i}`,
    "```",
    "",
    "### Options",
    "",
    `- \`--part\`: ${sentence(i + 4, 8)}`,
    `- \`--region\`: ${sentence(i + 5, 8)}`,
    `- \`--dry-run\`: ${sentence(i + 6, 6)}`,
    "",
    "## Troubleshooting",
    "",
    `${sentence(i + 7, 35)}${rare ? ` A ${RARE_TERM} appears here only.` : ""}`,
    "",
  ].join("\n");
}

module.exports = { sentence, parentIndex, pageMarkdown, WORDS, COMMON_TERM, RARE_TERM };
