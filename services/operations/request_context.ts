/**
 * The request a piece of work belongs to, carried across awaits (AsyncLocalStorage), so that a log line written
 * deep in a service names the request id that the response's X-Request-Id header also carries.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<string>();

export function withRequestId<R>(requestId: string, work: () => R): R {
  return current.run(requestId, work);
}

export const currentRequestId = (): string | undefined => current.getStore();

/** A client's own id is kept when it is short and plain (a proxy's id then links both logs); else a new one. */
export function requestIdFrom(header: string | undefined): string {
  return header && /^[A-Za-z0-9._:-]{8,64}$/.test(header) ? header : crypto.randomUUID();
}
