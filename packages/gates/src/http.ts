// Sending a generated request, describing the exchange exactly (for a failure
// message someone can replay), and checking the error envelope of the contract.
import { type ErrorReason, errorReasons } from "@docstack/contract";
import { errorType, type TestAgent } from "@docstack/server/testing";
import type { HttpRequest } from "./plan";

export interface Exchange {
  request: HttpRequest & { headers: Record<string, string> };
  status: number;
  body: unknown;
  text: string;
  requestId: string | undefined;
}

export async function send(api: TestAgent, request: HttpRequest, headers: Record<string, string> = {}): Promise<Exchange> {
  let call = api[request.method](request.url);
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  if (request.text !== undefined) call = call.set("Content-Type", request.contentType ?? "application/json").send(request.text);
  const res = await call;
  const requestId = res.headers["x-request-id"];
  return {
    request: { ...request, headers },
    status: res.status,
    body: res.body,
    text: res.text ?? "",
    requestId: typeof requestId === "string" ? requestId : undefined,
  };
}

const clip = (text: string, max = 2000) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters in all)` : text);

export function describeExchange(exchange: Exchange): string {
  const { request } = exchange;
  const headers = Object.entries(request.headers).map(
    ([name, value]) => `${name}: ${name.toLowerCase() === "authorization" ? value.replace(/(\S{8})\S+$/, "$1…") : value}`,
  );
  return [
    `request:  ${request.method.toUpperCase()} ${request.url}`,
    ...headers.map((header) => `          ${header}`),
    ...(request.text !== undefined ? [`          Content-Type: ${request.contentType}`, `          body: ${clip(JSON.stringify(request.text))}`] : []),
    `response: ${exchange.status} ${clip(exchange.text)}`,
  ].join("\n");
}

/**
 * What is wrong with an error response's body, or undefined: exactly {error: {code, type, reason, message, requestId?}},
 * code = status, type its kind, reason one the contract declares for that status.
 */
export function envelopeProblem(exchange: Exchange): string | undefined {
  const body = exchange.body as { error?: Record<string, unknown> } | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) return "the body is not a JSON object";
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== "error") return `the body has keys ${JSON.stringify(keys)}, not only "error"`;
  const error = body.error;
  if (!error || typeof error !== "object") return "error is not an object";
  const extra = Object.keys(error).filter((key) => !["code", "type", "reason", "message", "requestId"].includes(key));
  if (extra.length > 0) return `error has unexpected fields ${JSON.stringify(extra)}`;
  if (error.code !== exchange.status) return `error.code is ${JSON.stringify(error.code)}, the status is ${exchange.status}`;
  if (error.type !== errorType(exchange.status))
    return `error.type is ${JSON.stringify(error.type)}, not ${JSON.stringify(errorType(exchange.status))} for ${exchange.status}`;
  const declared = typeof error.reason === "string" && Object.hasOwn(errorReasons, error.reason) ? errorReasons[error.reason as ErrorReason] : undefined;
  if (!declared) return `error.reason ${JSON.stringify(error.reason)} is not a reason the contract declares (ErrorReason)`;
  if (declared.status !== exchange.status)
    return `error.reason ${JSON.stringify(error.reason)} is declared for ${declared.status}, the status is ${exchange.status}`;
  if (typeof error.message !== "string" || error.message.trim() === "") return "error.message is not a non-empty string";
  if (error.requestId !== undefined && error.requestId !== exchange.requestId)
    return `error.requestId ${JSON.stringify(error.requestId)} is not the X-Request-Id header ${JSON.stringify(exchange.requestId)}`;
  return undefined;
}

export const errorMessage = (exchange: Exchange): string => String((exchange.body as { error?: { message?: unknown } })?.error?.message ?? "");
