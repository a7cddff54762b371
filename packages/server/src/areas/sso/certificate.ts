// The identity provider's signing certificate: one PEM-encoded X.509 certificate,
// parsed for real so that a truncated or mangled paste is refused when it is saved,
// not when the first member tries to sign in.
import { X509Certificate } from "node:crypto";
import { badRequest } from "../../http/errors";

/** Exactly one PEM block of type CERTIFICATE (surrounding whitespace allowed). */
const PEM_CERTIFICATE = /^\s*-----BEGIN CERTIFICATE-----\r?\n[A-Za-z0-9+/=\r\n\t ]+-----END CERTIFICATE-----\s*$/;

export function isPemCertificate(text: string): boolean {
  if (!PEM_CERTIFICATE.test(text)) return false;
  try {
    new X509Certificate(text);
    return true;
  } catch {
    return false;
  }
}

/** 400 unless `certificate` (when given) is a PEM certificate. */
export function checkCertificate(certificate: string | undefined): void {
  if (certificate !== undefined && !isPemCertificate(certificate)) {
    throw badRequest(
      "invalid_request",
      "request/body/certificate: not a PEM-encoded X.509 certificate (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----)",
    );
  }
}
