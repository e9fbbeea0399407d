/** The API's access points as the dev-mode tab lists them, read from the OpenAPI document (never by hand). */
export interface AccessPoint {
  method: string;
  path: string;
  operationId: string;
  permission: string;
  summary: string;
}

export interface OpenApiDoc {
  paths?: Record<string, Record<string, { operationId?: string; summary?: string; "x-permission"?: string }>>;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Every operation of the document, ordered by path and method. */
export function accessPointsOf(doc: OpenApiDoc): AccessPoint[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).filter(([method]) => METHODS.includes(method)).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId ?? "",
      permission: op["x-permission"] ?? "",
      summary: op.summary ?? "",
    }))
  ).sort((a, b) =>
    a.path.localeCompare(b.path) ||
    METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase())
  );
}
