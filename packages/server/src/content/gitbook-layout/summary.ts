// SUMMARY.md, GitBook's table of contents: `# Table of contents`, then `* [Title](path.md)` items nested by
// indentation, with `## Group` headings opening page groups. Read in one pass, line by line.

/** An entry of the table of contents: a page (its target a file or a URL) or a group. */
export interface SummaryEntry {
  title: string;
  /** The item's link target as written (a group has none). */
  target?: string;
  group?: boolean;
  children: SummaryEntry[];
}

const ITEM = /^([ \t]*)[*+-][ \t]+\[((?:\\.|[^\]\\])*)\]\(<?([^)>]*)>?\)[ \t]*$/;
const GROUP = /^##+[ \t]+(.+?)[ \t]*#*[ \t]*$/;

const unescapeTitle = (text: string) => text.replace(/\\(.)/g, "$1");
const escapeTitle = (text: string) => text.replace(/([\\[\]])/g, "\\$1");

export function parseSummary(text: string): SummaryEntry[] {
  const top: SummaryEntry[] = [];
  let container = top;
  const stack: { indent: number; entry: SummaryEntry }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const group = GROUP.exec(line);
    if (group) {
      const entry: SummaryEntry = { title: unescapeTitle(group[1]!), group: true, children: [] };
      top.push(entry);
      container = entry.children;
      stack.length = 0;
      continue;
    }
    const item = ITEM.exec(line);
    if (!item) continue;
    const indent = item[1]!.replace(/\t/g, "    ").length;
    while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const entry: SummaryEntry = { title: unescapeTitle(item[2]!), target: item[3]!.trim(), children: [] };
    (stack.length ? stack[stack.length - 1]!.entry.children : container).push(entry);
    stack.push({ indent, entry });
  }
  return top;
}

export function writeSummary(entries: readonly SummaryEntry[]): string {
  const lines = ["# Table of contents", ""];
  const items = (list: readonly SummaryEntry[], depth: number) => {
    for (const entry of list) {
      lines.push(`${"  ".repeat(depth)}* [${escapeTitle(entry.title)}](${entry.target ?? ""})`);
      items(entry.children, depth + 1);
    }
  };
  for (const entry of entries) {
    if (entry.group) {
      if (lines[lines.length - 1] !== "") lines.push("");
      lines.push(`## ${entry.title}`, "");
      items(entry.children, 0);
    } else items([entry], 0);
  }
  return `${lines.join("\n")}\n`;
}
