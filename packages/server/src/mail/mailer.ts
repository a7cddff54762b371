// Sending e-mail: through SMTP with nodemailer when DOCSTACK_SMTP_URL is set, else nowhere
// (the operator is told once, at start). Messages hold secrets (sign-in codes, links): no
// part of one is ever logged, only that sending failed and why.
import type Nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface Mail {
  to: string;
  subject: string;
  /** The text part (the only one: codes and links read the same in every mail client). */
  text: string;
}

export interface Mailer {
  /** False without SMTP: `send` then drops the message. */
  readonly enabled: boolean;
  /** Sends in the background (the request does not wait for the mail server): failures are logged. */
  send(mail: Mail): void;
  /** Resolves once the messages being sent are sent or have failed (a draining server waits for it). */
  settled(): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string }, logger: Logger): Mailer {
  if (!options.smtpUrl) return { enabled: false, send: () => undefined, settled: async () => undefined };
  const pending = new Set<Promise<void>>();
  // nodemailer logs nothing unless asked (`logger`, `debug` in the URL): it would print whole messages.
  // Loaded only when mail is on (part of start-up time otherwise).
  const nodemailer = require("nodemailer") as typeof Nodemailer;
  const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
  return {
    enabled: true,
    send(mail) {
      const sending = transport
        .sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
        .then(() => undefined)
        .catch((error: unknown) => {
          logger.error({ err: { message: error instanceof Error ? error.message : String(error) } }, "could not send an e-mail");
        });
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
