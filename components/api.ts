/**
 * The types of the islands' API client (utils/api_client.ts's `call`), derived from the route declarations
 * (routes.gen.ts → framework/api.ts): this fills the client's operation map, so `call("PUT /books/{id}", …)`
 * takes that operation's input and answers its response type. Types only: nothing of it ships to a page (a
 * runtime re-export here cost every page a chunk of its own). A record's type is named after the operation
 * that answers it: `ResponseOf<"GET /books/{id}">`.
 */
import type { ApiOperations } from "../routes.gen.ts";

declare module "../utils/api_client.ts" {
  interface ApiOperationMap extends ApiOperations {}
}

export type Operation = keyof ApiOperations;
export type InputOf<K extends Operation> = ApiOperations[K]["input"];
export type ResponseOf<K extends Operation> = ApiOperations[K]["response"];
