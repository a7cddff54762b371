// Gate 1, contract fuzzing (src/fuzz-gate.ts), on every operation in one file: dealt over two, the second file's
// fixtures reached no successful createOrganizationInvite (403), a check the single sequence makes.
import { createHarness, harnessDatabase } from "@docstack/server/testing";
import { fuzzGate } from "./fuzz-gate";
import { NO_RATE_LIMIT } from "./shards";

// Invalid requests run once, on the embedded database: refused by request validation before any query of theirs.
fuzzGate({ index: 1, of: 1 }, () => createHarness(NO_RATE_LIMIT), { invalidRequests: harnessDatabase() === "embedded" });
