// Gate 1, contract fuzzing (src/fuzz-gate.ts), on part 2 of 2 of the operations: two files so that jest's two workers share the gate.
import { createHarness } from "@docstack/server/testing";
import { fuzzGate } from "./fuzz-gate";
import { NO_RATE_LIMIT } from "./shards";

fuzzGate({ index: 2, of: 2 }, () => createHarness(NO_RATE_LIMIT));
