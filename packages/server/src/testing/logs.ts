// A logger writing to memory, and the app logging to it: tests read every line the server logs.
import { Writable } from "node:stream";
import pino, { type Logger } from "pino";
import supertest from "supertest";
import type TestAgent from "supertest/lib/agent";
import { createApp } from "../app";
import type { Services } from "../http/context";

export function captureLogs(level = "trace"): { lines: string[]; logger: Logger } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, logger: pino({ level }, sink) };
}

/** The app on these services, logging to memory at the most verbose level. */
export function loggedApp(services: Services): { api: TestAgent; lines: string[] } {
  const { lines, logger } = captureLogs();
  return { api: supertest(createApp({ ...services, logger })), lines };
}
