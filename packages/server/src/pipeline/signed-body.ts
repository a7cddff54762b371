// The body parser of the operations that check a signature of their body (a Git server's push webhook): the bytes
// are kept as received (`ctx.rawBody`) beside the parsed body. JSON, or a form (GitHub's and Gitea's
// `application/x-www-form-urlencoded`, one field `payload`). Whether it is signed is the handler's to check, for
// either kind.
import express, { type Request, type RequestHandler } from "express";

const FORM = "application/x-www-form-urlencoded";

export function signedBody(limit: number): RequestHandler {
  const verify = (req: Request, _res: unknown, bytes: Buffer) => {
    (req as Request & { rawBody?: Buffer }).rawBody = bytes;
  };
  const json = express.json({ limit, type: ["application/json", "application/*+json"], verify });
  const form = express.urlencoded({ limit, type: FORM, extended: false, parameterLimit: 100, verify });
  return (req, res, next) => {
    if (req.is(FORM)) form(req, res, next);
    else json(req, res, next);
  };
}
