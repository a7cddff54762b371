// The app's screens by URL. Every `urls.app` the API answers (/app/orgs/…, /app/spaces/…/pages/…, …) parses
// to the screen showing that resource; anything else is a 404 screen.

export type Route =
  | { screen: "home"; organizationId?: string }
  | { screen: "sign-in" }
  | { screen: "collection"; collectionId: string }
  | { screen: "space"; spaceId: string; pageId?: string }
  | { screen: "change-requests"; spaceId: string }
  | { screen: "change-request"; spaceId: string; number: string }
  | { screen: "change-request-preview"; spaceId: string; number: string; pageId?: string }
  | { screen: "edit-page"; spaceId: string; number: string; pageId: string }
  | { screen: "members"; organizationId: string }
  | { screen: "deleted-spaces"; organizationId: string }
  | { screen: "site"; organizationId: string; siteId: string }
  | { screen: "admin"; organizationId: string; section: AdminSection; spaceId?: string }
  | { screen: "spec"; organizationId: string; slug: string }
  | { screen: "integration"; name: string }
  | { screen: "user"; userId: string }
  | { screen: "account" }
  | { screen: "not-found" };

/** The admin screens of an organization (src/screens/admin), one URL each. */
export const ADMIN_SECTIONS = ["sites", "imports", "git-sync", "webhooks", "audit-log", "settings"] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

const PATTERNS: [RegExp, (m: string[]) => Route][] = [
  [/^$/, () => ({ screen: "home" })],
  [/^sign-in$/, () => ({ screen: "sign-in" })],
  [/^account$/, () => ({ screen: "account" })],
  [/^orgs\/([^/]+)$/, ([, organizationId]) => ({ screen: "home", organizationId: organizationId! })],
  [/^orgs\/([^/]+)\/members$/, ([, organizationId]) => ({ screen: "members", organizationId: organizationId! })],
  [/^orgs\/([^/]+)\/deleted-spaces$/, ([, organizationId]) => ({ screen: "deleted-spaces", organizationId: organizationId! })],
  [/^orgs\/([^/]+)\/sites\/([^/]+)$/, ([, organizationId, siteId]) => ({ screen: "site", organizationId: organizationId!, siteId: siteId! })],
  [
    /^orgs\/([^/]+)\/(sites|imports|git-sync|webhooks|audit-log|settings)$/,
    ([, organizationId, section]) => ({ screen: "admin", organizationId: organizationId!, section: section as AdminSection }),
  ],
  [
    /^orgs\/([^/]+)\/git-sync\/([^/]+)$/,
    ([, organizationId, spaceId]) => ({ screen: "admin", organizationId: organizationId!, section: "git-sync", spaceId: spaceId! }),
  ],
  [/^orgs\/([^/]+)\/openapi\/([^/]+)$/, ([, organizationId, slug]) => ({ screen: "spec", organizationId: organizationId!, slug: slug! })],
  [/^collections\/([^/]+)$/, ([, collectionId]) => ({ screen: "collection", collectionId: collectionId! })],
  [/^spaces\/([^/]+)$/, ([, spaceId]) => ({ screen: "space", spaceId: spaceId! })],
  [/^spaces\/([^/]+)\/pages\/([^/]+)$/, ([, spaceId, pageId]) => ({ screen: "space", spaceId: spaceId!, pageId: pageId! })],
  // A revision's link opens the space (the editor issue shows revisions themselves).
  [/^spaces\/([^/]+)\/revisions\/[^/]+$/, ([, spaceId]) => ({ screen: "space", spaceId: spaceId! })],
  [/^spaces\/([^/]+)\/change-requests$/, ([, spaceId]) => ({ screen: "change-requests", spaceId: spaceId! })],
  [/^spaces\/([^/]+)\/change-requests\/([^/]+)$/, ([, spaceId, number]) => ({ screen: "change-request", spaceId: spaceId!, number: number! })],
  [
    /^spaces\/([^/]+)\/change-requests\/([^/]+)\/edit\/([^/]+)$/,
    ([, spaceId, number, pageId]) => ({ screen: "edit-page", spaceId: spaceId!, number: number!, pageId: pageId! }),
  ],
  [/^spaces\/([^/]+)\/change-requests\/([^/]+)\/preview$/, ([, spaceId, number]) => ({ screen: "change-request-preview", spaceId: spaceId!, number: number! })],
  [
    /^spaces\/([^/]+)\/change-requests\/([^/]+)\/preview\/([^/]+)$/,
    ([, spaceId, number, pageId]) => ({ screen: "change-request-preview", spaceId: spaceId!, number: number!, pageId: pageId! }),
  ],
  [/^integrations\/([^/]+)$/, ([, name]) => ({ screen: "integration", name: name! })],
  [/^users\/([^/]+)$/, ([, userId]) => ({ screen: "user", userId: userId! })],
];

/** The screen of a path (`/app/spaces/x`); decoded segments. */
export function parseRoute(pathname: string): Route {
  const rest = pathname.replace(/^\/app\/?/, "").replace(/\/+$/, "");
  for (const [pattern, route] of PATTERNS) {
    const match = pattern.exec(rest);
    if (match) return route(match.map((part) => safeDecode(part)));
  }
  return { screen: "not-found" };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The app path of a URL the API answered (`urls.app`), or undefined when it is not the app's. */
export function appPath(url: string, origin: string): string | undefined {
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin || !parsed.pathname.startsWith("/app/")) return undefined;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return undefined;
  }
}
