// The sign-in screen's single sign-on: a link to the server's SAML sign-in for the app (a navigation to the
// identity provider and back, not an API call), shown when this browser knows its organization's provider.
import { ssoFailed, ssoProvider } from "../sso";

export function SingleSignOn() {
  const provider = ssoProvider();
  const failed = ssoFailed();
  return (
    <>
      {failed ? (
        <p className="error" role="alert">
          Single sign-on did not sign you in. Try again, or sign in with an e-mailed code.
        </p>
      ) : null}
      {provider ? (
        <p className="sso">
          <a className="button" href={`/sso/saml/${encodeURIComponent(provider)}/start?to=app`}>
            Sign in with single sign-on
          </a>
        </p>
      ) : null}
    </>
  );
}
