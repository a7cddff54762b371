// Which SAML provider the sign-in screen offers: the one its URL names (`?sso=<ID>`, an organization's app
// sign-in link), kept in this browser for the next sign-in; `?sso=failed` is the server saying one failed.
const KEY = "docstack.sso";
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function ssoProvider(search = location.search): string | undefined {
  const named = new URLSearchParams(search).get("sso");
  if (named && named !== "failed" && ID.test(named)) {
    localStorage.setItem(KEY, named);
    return named;
  }
  const kept = localStorage.getItem(KEY);
  return kept && ID.test(kept) ? kept : undefined;
}

export const ssoFailed = (search = location.search) => new URLSearchParams(search).get("sso") === "failed";
