/**
 * The islands' API client, typed by operation from the route declarations (routes.gen.ts → framework/api.ts):
 * `call("PUT /books/{id}", { params: { id }, body })`. Only types come from the server, so nothing of it ships.
 * A record's type is named after the operation that answers it: `ResponseOf<"GET /books/{id}">`.
 */
import type { ApiOperations } from "../routes.gen.ts";
import { typedClient } from "../utils/api_client.ts";

export type Operation = keyof ApiOperations;
export type InputOf<K extends Operation> = ApiOperations[K]["input"];
export type ResponseOf<K extends Operation> = ApiOperations[K]["response"];

export const call = typedClient<ApiOperations>();
export { ApiError } from "../utils/api_client.ts";
