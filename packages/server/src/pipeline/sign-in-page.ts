// The page the sign-in e-mails link to (/sign-in): ask for a code, then trade it for an API
// token, shown once. Address and code come in the URL's fragment, which browsers never send to
// the server, so they reach no log; the page only calls the JSON API (POST /v1/auth/email…).
import express from "express";

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sign in to Docstack</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
  <h1>Sign in to Docstack</h1>
  <form id="ask">
    <label>E-mail address <input id="email" type="email" required autocomplete="email"></label>
    <button type="submit">E-mail me a code</button>
  </form>
  <form id="verify">
    <label>Code <input id="code" inputmode="numeric" pattern="[0-9]{8}" required autocomplete="one-time-code"></label>
    <button type="submit">Sign in</button>
  </form>
  <p id="status" role="status"></p>
  <pre id="token"></pre>
  <script src="sign-in/page.js"></script>
</body>
</html>`;

const SCRIPT = `const field = (id) => document.getElementById(id);
const given = new URLSearchParams(location.hash.slice(1));
field("email").value = given.get("email") || "";
field("code").value = given.get("code") || "";
history.replaceState(null, "", location.pathname);
const say = (text) => { field("status").textContent = text; };
async function call(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = res.status === 204 ? {} : await res.json();
  if (!res.ok) throw new Error(json.error ? json.error.message : res.statusText);
  return json;
}
field("ask").addEventListener("submit", async (event) => {
  event.preventDefault();
  try { await call("v1/auth/email", { email: field("email").value }); say("If this address is a Docstack user's, a code is on its way."); }
  catch (error) { say(error.message); }
});
field("verify").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const { token, user } = await call("v1/auth/email/verify", { email: field("email").value, code: field("code").value });
    say("Signed in as " + user.displayName + ". Your API token (shown this once; send it as Authorization: Bearer <token>):");
    field("token").textContent = token;
  } catch (error) { say(error.message); }
});
`;

export function signInRouter(): express.Router {
  const router = express.Router();
  router.get("/sign-in", (_req, res) => {
    res.type("html").send(PAGE);
  });
  router.get("/sign-in/page.js", (_req, res) => {
    res.type("application/javascript").send(SCRIPT);
  });
  return router;
}
