/**
 * `Vary` names the request headers an answer depends on, so that a shared cache keeps the answers apart. Several
 * steps add to it on the way out (the language, the compression): each adds its names here, to one header line
 * (an appended line is sent as a line of its own, which every answer pays), each name once.
 */
export function varyOn(headers: Headers, names: readonly string[]): void {
  const varied = headers.get("vary");
  if (varied === null) return headers.set("vary", names.join(", ")); // most answers: nothing to merge
  const vary = varied.split(",").map((v) => v.trim()).filter(Boolean);
  if (vary.includes("*")) return;
  for (const name of names) {
    if (!vary.some((v) => v.toLowerCase() === name.toLowerCase())) vary.push(name);
  }
  headers.set("vary", vary.join(", "));
}
