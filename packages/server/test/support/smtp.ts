// A real SMTP server in the test process (smtp-server), keeping every message it receives
// parsed (mailparser), so that tests read the e-mail Docstack sends as a person would.
import type { AddressInfo } from "node:net";
import type { ParsedMail } from "mailparser";

export interface Inbox {
  /** smtp://127.0.0.1:<port>: what DOCSTACK_SMTP_URL is set to. */
  url: string;
  messages: ParsedMail[];
  /** The first message (received or to come) to `to` matching `match`, within `timeoutMs`. */
  waitFor(to: string, match?: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** The messages sent to `to`. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((group) => group.value.map((address) => address.address?.toLowerCase()));

export async function startInbox(): Promise<Inbox> {
  // Loaded by the files that start an inbox, not by every file importing the test kit.
  const { simpleParser } = require("mailparser") as typeof import("mailparser");
  const { SMTPServer } = require("smtp-server") as typeof import("smtp-server");
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((mail) => recipients(mail).includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async waitFor(address, match = () => true, timeoutMs = 10_000) {
      for (const started = Date.now(); Date.now() - started < timeoutMs; ) {
        const found = to(address).find(match);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(
        `No e-mail to ${address} within ${timeoutMs} ms (received: ${messages.map((mail) => `${recipients(mail)}: ${mail.subject}`).join("; ")})`,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The inbox of a test file: started before its tests (declare it before the harness that uses it), closed after. */
export function useInbox(): Inbox {
  let current: Inbox | undefined;
  beforeAll(async () => {
    current = await startInbox();
  });
  afterAll(() => current?.close());
  return new Proxy({} as Inbox, {
    get(_target, property) {
      if (!current) throw new Error("The inbox is started in beforeAll: use it inside tests and hooks");
      return Reflect.get(current, property);
    },
  });
}
