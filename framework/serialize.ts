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

const NEEDS_TAGS = Symbol("needs tags");

/**
 * Plain data (the common case) is stringified natively; the replacer only watches for values that need a
 * tag and then hands the whole value to the tagging encoder.
 */
function plainReplacer(this: Record<string, unknown>, key: string, value: unknown) {
  const original = this[key];
  if (
    original === undefined || typeof original === "bigint" || typeof original === "function" ||
    typeof original === "symbol" || (typeof original === "number" && !Number.isFinite(original)) ||
    original instanceof Date || original instanceof Map || original instanceof Set ||
    (original !== null && typeof original === "object" && (TAG in original || "__k" in original))
  ) {
    throw NEEDS_TAGS;
  }
  return value;
}

/** Serializes `value` to JSON text that is safe to place verbatim inside a `<script>` element. */
export function serialize(value: unknown, name = "props"): string {
  let json: string;
  try {
    json = JSON.stringify(value, plainReplacer);
  } catch (e) {
    // Cycles and special values take the tagging path, which also names the offending prop.
    if (e !== NEEDS_TAGS && !(e instanceof TypeError)) throw e;
    json = JSON.stringify(encode(value, name, new Set()));
  }
  return json.replace(UNSAFE, (c) => ESCAPES[c]);
}

/** Reverses {@link serialize}. */
export function deserialize<T = unknown>(text: string): T {
  return decode(JSON.parse(text)) as T;
}
