#!/usr/bin/env node
// The `docstack` command line: `npm run docstack -- <command>` from the repository root.
import { loadConfig } from "../config";
import { commands, usage } from "./commands";

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(usage());
    return name && name !== "help" && name !== "--help" ? 2 : 0;
  }
  return command.run(args, loadConfig());
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    process.stderr.write(`docstack: ${error.message}\n`);
    process.exitCode = 1;
  },
);
