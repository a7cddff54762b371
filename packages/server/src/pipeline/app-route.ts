// The app (packages/app, built into its dist/) at /app/: its assets, named by their content's hash, cached
// for good and compressed once (pipeline/app-assets.ts); every other path under /app/ answers index.html (the app routes in the browser), never cached,
// so a new build is picked up at once. The app's own content-security policy: scripts and styles of this
// origin only (no inline script), requests to this origin only.
import fs from "node:fs";
import path from "node:path";
import express from "express";
import { appAssets } from "./app-assets";

export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const NOT_BUILT = "The app is not built: run `npm run build` (or `npm start`), then reload.\n";

export function appRouter(appDir: string): express.Router {
  const router = express.Router();
  let index: Buffer | undefined;
  router.use(
    "/assets",
    appAssets(path.join(appDir, "assets")),
    // An asset of another build is not the page: a plain 404, cached by nobody.
    (_req: express.Request, res: express.Response) => {
      res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found\n");
    },
  );
  router.get("/{*rest}", (req, res) => {
    if (req.originalUrl === "/app") return res.redirect(301, "/app/");
    try {
      index ??= fs.readFileSync(path.join(appDir, "index.html"));
    } catch {
      return res.status(503).type("text/plain").send(NOT_BUILT);
    }
    res
      .status(200)
      .set({
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
        "Content-Security-Policy": APP_CSP,
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "same-origin",
      })
      .send(index);
  });
  return router;
}
