// A test identity provider: a key pair and self-signed certificate made at set-up (selfsigned),
// and SAML responses whose assertion it signs with xml-crypto, as a real IdP would. Options let
// tests break one property at a time (audience, recipient, time, signature, ...).
import { randomBytes } from "node:crypto";
import { inflateRawSync } from "node:zlib";

// selfsigned and xml-crypto are loaded by the tests that make an IdP, not by every file importing the test kit (about
// a tenth of a small test file's CPU went to loading them and the inbox's modules).

export interface Idp {
  entityID: string;
  ssoURL: string;
  certificate: string;
  privateKey: string;
}

export async function testIdp(name = "idp.example.test"): Promise<Idp> {
  const { generate } = require("selfsigned") as typeof import("selfsigned");
  const pems = await generate([{ name: "commonName", value: name }], { keySize: 2048, algorithm: "sha256" });
  return { entityID: `https://${name}/metadata`, ssoURL: `https://${name}/sso`, certificate: pems.cert, privateKey: pems.private };
}

/** The ID of the sign-in request a start URL's redirect carries (HTTP-Redirect binding: deflated, base64). */
export function requestIdOf(location: string): string {
  const request = new URL(location).searchParams.get("SAMLRequest") ?? "";
  const xml = inflateRawSync(Buffer.from(request, "base64")).toString("utf8");
  return /\sID="([^"]+)"/.exec(xml)?.[1] ?? "";
}

export interface AssertionOptions {
  email: string;
  inResponseTo: string;
  audience: string;
  recipient: string;
  issuer?: string;
  /** The assertion's validity window, relative to now (ms). */
  notBefore?: number;
  notOnOrAfter?: number;
  assertionId?: string;
  /** Sign with this key instead of the IdP's (a forged signature). */
  signingKey?: string;
  unsigned?: boolean;
  /** Swap in another e-mail after signing (the signature no longer matches). */
  tamperEmail?: string;
  /** Signature wrapping: a second, unsigned assertion for this address before the signed one. */
  wrapWithEmail?: string;
}

const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
const id = () => `_${randomBytes(16).toString("hex")}`;

function assertionXml(idp: Idp, o: AssertionOptions, assertionId: string, email: string): string {
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(0)}">` +
    `<saml:Issuer>${o.issuer ?? idp.entityID}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${email}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData InResponseTo="${o.inResponseTo}" NotOnOrAfter="${iso(o.notOnOrAfter ?? 5 * 60_000)}" Recipient="${o.recipient}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(o.notBefore ?? -60_000)}" NotOnOrAfter="${iso(o.notOnOrAfter ?? 5 * 60_000)}">` +
    `<saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(0)}" SessionIndex="${id()}"><saml:AuthnContext>` +
    `<saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef>` +
    `</saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${email}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>` +
    `</saml:Assertion>`
  );
}

function sign(xml: string, assertionId: string, key: string): string {
  const { SignedXml } = require("xml-crypto") as typeof import("xml-crypto");
  const signed = new SignedXml({
    privateKey: key,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  signed.addReference({
    xpath: `//*[@ID='${assertionId}']`,
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
  });
  // The signature goes right after the assertion's Issuer, as SAML wants it.
  signed.computeSignature(xml, { location: { reference: `//*[@ID='${assertionId}']/*[local-name()='Issuer']`, action: "after" } });
  return signed.getSignedXml();
}

/** A SAML Response (base64, as posted to the ACS URL) carrying an assertion signed by the IdP. */
export function samlResponse(idp: Idp, o: AssertionOptions, destination = o.recipient): string {
  const assertionId = o.assertionId ?? id();
  const unsigned = assertionXml(idp, o, assertionId, o.email);
  let assertion = o.unsigned ? unsigned : sign(unsigned, assertionId, o.signingKey ?? idp.privateKey);
  if (o.tamperEmail) assertion = assertion.replaceAll(o.email, o.tamperEmail);
  if (o.wrapWithEmail) {
    // The classic wrapping: an evil assertion with the signed one's ID is what a naive consumer reads,
    // while the signature still verifies against the original moved inside it.
    const evil = assertionXml(idp, o, assertionId, o.wrapWithEmail).replace("</saml:Assertion>", `<saml:Advice>${assertion}</saml:Advice></saml:Assertion>`);
    assertion = evil;
  }
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" ` +
    `IssueInstant="${iso(0)}" Destination="${destination}" InResponseTo="${o.inResponseTo}">` +
    `<saml:Issuer>${o.issuer ?? idp.entityID}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `${assertion}</samlp:Response>`;
  return Buffer.from(response).toString("base64");
}
