// The body parser of the operations that check a signature of their body (a Git server's push webhook): the bytes
// are kept as received (`ctx.rawBody`) beside the parsed body. JSON, or a form (GitHub's and Gitea's
// `application/x-www-form-urlencoded`, one field `payload`) taken only with an HMAC signature header: the senders
// of forms always sign them, and an unsigned one is answered 415 as any body but JSON is elsewhere.
import express, { type Request, type RequestHandler } from "express";
import { carriesBodySignature } from "../git/hook-signature";
import { ApiError } from "./errors";

const FORM = "application/x-www-form-urlencoded";

export function signedBody(limit: number): RequestHandler {
  const verify = (req: Request, _res: unknown, bytes: Buffer) => {
    (req as Request & { rawBody?: Buffer }).rawBody = bytes;
  };
  const json = express.json({ limit, type: ["application/json", "application/*+json"], verify });
  const form = express.urlencoded({ limit, type: FORM, extended: false, parameterLimit: 100, verify });
  return (req, res, next) => {
    if (!req.is(FORM)) return json(req, res, next);
    if (!carriesBodySignature(req.headers)) {
      return next(
        new ApiError(
          "unsupported_media_type",
          `Unsupported media type: a form (${FORM}) is taken only signed with an HMAC of its body (X-Hub-Signature-256, X-Gitea-Signature); send JSON otherwise`,
        ),
      );
    }
    form(req, res, next);
  };
}
