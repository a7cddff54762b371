// What a gate could not check, held against the committed list of what is expected not to
// be checked yet (not-covered/<gate>.txt, one line each): a gate fails when that list would
// grow, so coverage is never lost quietly, and says exactly which lines to add or remove.
import fs from "node:fs";
import path from "node:path";

const UPDATE = "DOCSTACK_NOT_COVERED=update";

export class NotCovered {
  /** Stable description → what was seen (statuses, messages) the last time. */
  private readonly seen = new Map<string, string>();
  private readonly file: string;

  /**
   * @param owns for a gate dealt among files (src/shards.ts): the committed lines this file answers for. Another
   * file's lines are neither reported as covered nor dropped on update; every file fails on a line not in the list.
   */
  constructor(
    readonly gate: string,
    directory = path.join(__dirname, "..", "not-covered"),
    private readonly owns: (line: string) => boolean = () => true,
  ) {
    this.file = path.join(directory, `${gate}.txt`);
  }

  /** A check the gate could not make: `what` is stable from run to run (no IDs, no messages); `detail` says why this time. */
  note(what: string, detail = ""): void {
    this.seen.set(what, detail);
  }

  private expected(): Set<string> {
    const text = fs.existsSync(this.file) ? fs.readFileSync(this.file, "utf8") : "";
    return new Set(
      text
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "" && !line.startsWith("#")),
    );
  }

  /**
   * Prints what was not covered; throws when something is not in the committed list. With
   * DOCSTACK_NOT_COVERED=update the list is rewritten instead (for a run of the whole file).
   */
  check(): void {
    const expected = this.expected();
    const lines = [...this.seen.keys()].sort();
    const added = lines.filter((line) => !expected.has(line));
    const gone = [...expected].filter((line) => this.owns(line) && !this.seen.has(line));
    const relative = path.relative(process.cwd(), this.file);
    if (lines.length > 0)
      console.log(`${this.gate}: not covered (${relative}):\n${lines.map((line) => `  ${line}  ${this.seen.get(line)}`.trimEnd()).join("\n")}`);
    if (process.env.DOCSTACK_NOT_COVERED === "update") {
      const header = `# What the ${this.gate} gate is expected not to check yet, one line each (see src/not-covered.ts).\n# Rewritten by ${UPDATE}; the gate fails when a line would be added.\n`;
      const kept = [...expected].filter((line) => !this.owns(line) && !this.seen.has(line));
      fs.writeFileSync(this.file, `${header}${[...lines, ...kept].sort().join("\n")}\n`);
      return;
    }
    if (gone.length > 0) console.log(`${this.gate}: now covered, remove from ${relative}:\n${gone.map((line) => `  ${line}`).join("\n")}`);
    if (added.length > 0) {
      throw new Error(
        `The ${this.gate} gate could not check ${added.length} thing(s) it is not expected to miss:\n` +
          added.map((line) => `  ${line}  (${this.seen.get(line)})`).join("\n") +
          `\nMake them reachable (a fixture, a derivation, a handler that can succeed), or, when that is right, add these lines ` +
          `to ${relative} (or run the whole gate file with ${UPDATE}, then review the diff).`,
      );
    }
  }
}
