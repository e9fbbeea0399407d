/**
 * Island props travel from the server to the browser inside a `<script type="application/json">`.
 * Plain JSON loses Dates, Maps, Sets, `undefined` and BigInts, and a string containing `</script>` would end
 * the script element early. This codec tags those values and escapes `<`, `>`, `&` and the JS line separators
 * so the payload can never leave its element. The same module runs on the server and in the browser.
 */
const TAG = "\u0000t";

type Tagged =
  | { [TAG]: "D"; v: string }
  | { [TAG]: "M"; v: [unknown, unknown][] }
  | { [TAG]: "S"; v: unknown[] }
  | { [TAG]: "U" }
  | { [TAG]: "B"; v: string }
  | { [TAG]: "N"; v: "NaN" | "Infinity" | "-Infinity" }
  | { [TAG]: "O"; v: Record<string, unknown> };

function encode(value: unknown, path: string, seen: Set<object>): unknown {
  if (value === undefined) return { [TAG]: "U" };
  if (typeof value === "bigint") return { [TAG]: "B", v: value.toString() };
  if (typeof value === "number" && !Number.isFinite(value)) return { [TAG]: "N", v: String(value) };
  if (typeof value === "function" || typeof value === "symbol") {
    throw new TypeError(
      `Island prop "${path}" is a ${typeof value}, which cannot be sent to the browser. ` +
        "Pass data instead, and define the function inside the island.",
    );
  }
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) {
    throw new TypeError(`Island prop "${path}" contains a cycle. Pass ids instead of back-references.`);
  }
  if ("__k" in value && "type" in value && "props" in value) {
    throw new TypeError(
      `Island prop "${path}" is a JSX element. Render that markup inside the island, or pass plain data.`,
    );
  }
  seen.add(value);
  try {
    if (value instanceof Date) return { [TAG]: "D", v: value.toISOString() };
    if (value instanceof Map) {
      return {
        [TAG]: "M",
        v: [...value].map((
          [k, v],
          i,
        ) => [encode(k, `${path}.<key ${i}>`, seen), encode(v, `${path}.${i}`, seen)]),
      };
    }
    if (value instanceof Set) {
      return {
        [TAG]: "S",
        v: [...value].map((v, i) => encode(v, `${path}[${i}]`, seen)),
      };
    }
    if (Array.isArray(value)) return value.map((v, i) => encode(v, `${path}[${i}]`, seen));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = encode(v, `${path}.${k}`, seen);
    // A user object that happens to carry our tag key is wrapped so decoding cannot misread it.
    return TAG in out ? { [TAG]: "O", v: out } : out;
  } finally {
    seen.delete(value);
  }
}

function decode(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(decode);
  const record = value as Record<string, unknown>;
  if (TAG in record) {
    const tagged = record as Tagged;
    switch (tagged[TAG]) {
      case "D":
        return new Date(tagged.v);
      case "M":
        return new Map(tagged.v.map(([k, v]) => [decode(k), decode(v)]));
      case "S":
        return new Set(tagged.v.map(decode));
      case "U":
        return undefined;
      case "B":
        return BigInt(tagged.v);
      case "N":
        return Number(tagged.v);
      case "O":
        return decodeObject(tagged.v);
    }
  }
  return decodeObject(record);
}

function decodeObject(record: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = decode(v);
  return out;
}

const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * True when `value` is plain JSON data (the common case), which the native stringifier can then write alone.
 * A walk in JavaScript is much cheaper than a replacer callback that native code calls back for every value.
 */
function isPlain(value: unknown, depth = 0): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value);
    case "object": {
      if (depth > 64) return false; // deep or cyclic: let the tagging encoder explain
      if (Array.isArray(value)) {
        for (const item of value) if (!isPlain(item, depth + 1)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      if (TAG in value) return false;
      for (const key in value) {
        if (!isPlain((value as Record<string, unknown>)[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** Serializes `value` to JSON text that is safe to place verbatim inside a `<script>` element. */
export function serialize(value: unknown, name = "props"): string {
  if (hasFrozenMember(value)) {
    const members = Object.entries(value).map(([key, member]) =>
      `${safe(JSON.stringify(key))}:${serializeMember(member, `${name}.${key}`)}`
    );
    return `{${members.join(",")}}`;
  }
  return serializeWhole(value, name);
}

function serializeWhole(value: unknown, name: string): string {
  // Special values and cycles take the tagging path, which also names an offending prop.
  return safe(isPlain(value) ? JSON.stringify(value) : JSON.stringify(encode(value, name, new Set())));
}

const safe = (json: string) => json.replace(UNSAFE, (c) => ESCAPES[c]);

/**
 * A frozen object cannot change, so its JSON is written once and reused: a page passes the same frozen option
 * lists (programs, schools) to its islands on every request, and serializing them was a visible share of the
 * page's time. Only members of a plain props object are looked up; deeper values are serialized as usual.
 */
const frozenJson = new WeakMap<object, string>();

function serializeMember(member: unknown, path: string): string {
  if (member === null || typeof member !== "object" || !Object.isFrozen(member)) {
    return serializeWhole(member, path);
  }
  let json = frozenJson.get(member);
  if (json === undefined) frozenJson.set(member, json = serializeWhole(member, path));
  return json;
}

function hasFrozenMember(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) {
    return false;
  }
  if (TAG in value) return false;
  for (const key in value) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== null && typeof member === "object" && Object.isFrozen(member)) return true;
  }
  return false;
}

/** Reverses {@link serialize}. */
export function deserialize<T = unknown>(text: string): T {
  return decode(JSON.parse(text)) as T;
}
