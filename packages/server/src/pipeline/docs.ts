// The interactive API reference at /docs: Swagger UI from the installed
// swagger-ui-dist package (no CDN: Docstack runs offline), reading /openapi.json.
import express from "express";

// Only the path: the package's main module would load the whole UI bundle into the server.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const absolutePath = require("swagger-ui-dist/absolute-path.js") as () => string;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Docstack API reference</title>
  <link rel="stylesheet" href="assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="assets/swagger-ui-bundle.js"></script>
  <script src="init.js"></script>
</body>
</html>`;

// A separate script (not inline) so the page keeps a strict Content-Security-Policy.
const INIT = `window.ui = SwaggerUIBundle({ url: "../openapi.json", dom_id: "#reference", deepLinking: true, persistAuthorization: true });`;

export function docsRouter(): express.Router {
  const router = express.Router();
  router.get("/", (req, res) => {
    // Relative asset URLs need the trailing slash.
    if (!req.originalUrl.split("?")[0]?.endsWith("/")) return res.redirect(301, `${req.baseUrl}/`);
    res.type("html").send(PAGE);
  });
  router.get("/init.js", (_req, res) => {
    res.type("application/javascript").send(INIT);
  });
  router.use("/assets", express.static(absolutePath(), { index: false, maxAge: "1d" }));
  return router;
}
