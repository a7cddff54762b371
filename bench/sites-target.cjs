// The published-sites benchmark's target, in its own process: Docstack serving a site
// of a 1,000-page space with a large page (warm: its render cache on; cold: a second
// app whose render cache keeps nothing), and express.static serving the same HTML bytes;
// the same space behind visitor authentication, read with a signed visitor's cookie.
const crypto = require("node:crypto");
const fs = require("node:fs");
const path = require("node:path");
const express = require("express");
const { writeSpaceContent } = require("./content-seed.cjs");
const { dist, listen, openBenchServices, runTarget } = require("./open.cjs");

const { createApp } = dist("app");
const { PublishedSites } = dist("site-reader/published-sites");

const PAGES = Number(process.env.BENCH_SITE_PAGES || 1000);
/** Sections of the large page: each with prose, a code block, a hint, a list and a table (about 17 KB of Markdown for 20). */
const SECTIONS = Number(process.env.BENCH_SITE_SECTIONS || 20);

/** A JWT as a customer's backend signs one for its visitors (HS256 with the site's key). */
function visitorToken(claims, key) {
  const part = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const signed = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  return `${signed}.${crypto.createHmac("sha256", key).update(signed).digest("base64url")}`;
}

/** A long page as docs have them: sections of prose with links, code in several languages, lists, tables, hints. */
function largePage(sections, highlighted) {
  const parts = ["An overview of everything, in one long page.\n"];
  const code = [
    [
      "ts",
      (i) =>
        `import { createClient } from "@docstack/sdk";\n\nconst client${i} = createClient({ baseUrl: "https://docs.example", token: process.env.TOKEN_${i} });\nconst spaces = await client${i}.GET("/v1/orgs/{organizationId}/spaces", { params: { path: { organizationId } } });\nfor (const space of spaces.data.items.slice(0, ${i})) {\n  console.log(space.title, space.urls.published);\n}`,
    ],
    [
      "python",
      (i) =>
        `import requests\n\ndef spaces_${i}(org, token):\n    response = requests.get(f"https://docs.example/v1/orgs/{org}/spaces?limit=${i}", headers={"Authorization": f"Bearer {token}"})\n    response.raise_for_status()\n    return [space["title"] for space in response.json()["items"]]`,
    ],
    [
      "sh",
      (i) =>
        `curl -s -H "Authorization: Bearer $TOKEN" "https://docs.example/v1/orgs?limit=${i}" | jq ".items[].title"\nexport DOCSTACK_PUBLIC_URL=https://docs${i}.example`,
    ],
  ];
  for (let i = 0; i < sections; i++) {
    // Every block differs: highlighted code is cached by content, and a real page does not repeat its examples.
    const [language, make] = code[i % code.length];
    const source = make(i);
    parts.push(`## Section ${i + 1}: configuring part ${i + 1}

Docstack keeps every revision of a space, so this part can be read as it was at any time. See [page ${i + 2}](/page-${i + 2}) and [the options](#section-${i + 1}-configuring-part-${i + 1}) for what each setting does; **bold**, *italic* and \`inline code\` appear as they do in real pages.

\`\`\`${highlighted ? language : ""}
${source}
\`\`\`

{% hint style="info" %}
Changing part ${i + 1} takes effect on the next merge.
{% endhint %}

- First point about part ${i + 1}
- Second point, with a [link](https://example.com/${i})
  - A nested detail

| Setting | Default | Meaning |
|---|---|---|
| part${i}.enabled | true | Turns part ${i + 1} on |
| part${i}.limit | 100 | How many at most |
`);
  }
  return parts.join("\n");
}

runTarget(async () => {
  const { services, config, dataDir, token, organizationId, close } = await openBenchServices("docstack-bench-sites-");
  const port = await listen(createApp(services));
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // The space's pages, written through the storage layer in one revision (as an import would).
  const started = Date.now();
  const space = await call("POST", `/v1/orgs/${organizationId}/spaces`, { title: "Handbook" });
  const now = new Date().toISOString();
  const page = (i, title, slug) => ({ id: `p${String(i).padStart(25, "0")}`, title, slug, type: "document", parent: null, createdAt: now, updatedAt: now });
  const pages = [page(0, "Large page", "large"), page(1, "Large page without highlighting", "large-plain")];
  const bodies = new Map([
    [pages[0].id, largePage(SECTIONS, true)],
    [pages[1].id, largePage(SECTIONS, false)],
  ]);
  for (let i = 2; i < PAGES; i++) {
    const p = page(i, `Page ${i}`, `page-${i}`);
    if (i % 20 !== 2) p.parent = pages[2 + Math.floor((i - 2) / 20) * 20].id;
    pages.push(p);
    bodies.set(p.id, `Page ${i} explains one thing.\n\n## Details\n\nMore about it, and [the large page](/large).`);
  }
  await writeSpaceContent(services, { spaceId: space.id, pages, bodies, appBase: base });
  const site = await call("POST", `/v1/orgs/${organizationId}/sites`, { title: "Handbook", spaces: [space.id] });
  const published = (await call("POST", `/v1/orgs/${organizationId}/sites/${site.id}/publish`)).urls.published;
  const sitePath = new URL(published).pathname;
  // The same space behind visitor authentication: every request checks the visitor's token before the cache.
  const members = await call("POST", `/v1/orgs/${organizationId}/sites`, { title: "Members", visibility: "visitor-auth", spaces: [space.id] });
  const membersPath = new URL((await call("POST", `/v1/orgs/${organizationId}/sites/${members.id}/publish`)).urls.published).pathname;
  const { privateKey } = await call("GET", `/v1/orgs/${organizationId}/sites/${members.id}/publishing/auth`);
  const visitorCookie = `ds_visitor_${members.id}=${visitorToken({ plan: "pro", exp: Math.floor(Date.now() / 1000) + 86_400 }, privateKey)}`;
  // The same app with caches that keep nothing: every request renders, highlighting included.
  const cold = { ...services, config: { ...config, siteCacheBytes: 0 } };
  cold.sites = new PublishedSites(cold);
  const coldPort = await listen(createApp(cold));
  // Pages rendered again (the site's version moved: a merge elsewhere): highlighted code is kept.
  const again = { ...services, config: { ...config, siteCacheBytes: 0 } };
  again.sites = new PublishedSites(again, { codeCacheBytes: 16 * 1024 * 1024 });
  const againPort = await listen(createApp(again));
  // express.static serving the bytes of the rendered large page.
  // Retried once: the client may reuse a kept-alive connection the server is just closing.
  const rendered = await fetch(`${base}${sitePath}/large`).catch(() => fetch(`${base}${sitePath}/large`));
  const html = Buffer.from(await rendered.arrayBuffer());
  const staticDir = path.join(dataDir, "static");
  fs.mkdirSync(staticDir);
  fs.writeFileSync(path.join(staticDir, "large.html"), html);
  const staticApp = express();
  staticApp.use(express.static(staticDir));
  const staticPort = await listen(staticApp);
  const info = {
    warm: `${base}${sitePath}/large`,
    visitor: `${base}${membersPath}/large`,
    visitorCookie,
    cold: `http://127.0.0.1:${coldPort}${sitePath}/large`,
    coldPlain: `http://127.0.0.1:${coldPort}${sitePath}/large-plain`,
    rerender: `http://127.0.0.1:${againPort}${sitePath}/large`,
    static: `http://127.0.0.1:${staticPort}/large.html`,
    space: `${base}/v1/spaces/${space.id}`,
    // A middle part of llms-full.txt (parts hold 100 pages: pages 500 to 599 of 1,000), read as a reader takes it.
    llmsFullPart: `${base}${sitePath}/llms-full.txt/${Math.floor(PAGES / 200)}`,
    token,
    pages: PAGES,
    pageBytes: html.byteLength,
    markdownBytes: Buffer.byteLength(bodies.get(pages[0].id)),
    seedSeconds: (Date.now() - started) / 1000,
  };
  return { info, close };
});
