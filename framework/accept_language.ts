/**
 * `Accept-Language` (RFC 9110 §12.5.4) matched against the languages we have, by RFC 4647 lookup: ranges in
 * order of their weight (`q`, 1 when absent; `q=0` means "not this one"), each matching a language equal to it
 * or to its primary subtag (`en-GB` → `en`); `*` matches any language not refused.
 */
export function pickLanguage<L extends string>(
  header: string | null | undefined,
  supported: readonly L[],
): L | null {
  if (!header) return null;
  const ranges = header.split(",").map((part, index) => {
    const [tag, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim().match(/^q=([01](?:\.\d{0,3})?)$/i)).find(Boolean);
    return { tag: tag.trim().toLowerCase(), weight: q ? Number(q[1]) : 1, index };
  }).filter((range) => range.tag);
  const refused = new Set(ranges.filter((r) => r.weight === 0).map((r) => r.tag));
  const wanted = ranges.filter((r) => r.weight > 0).sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of wanted) {
    if (tag === "*") return supported.find((lang) => !refused.has(lang)) ?? null;
    const match = supported.find((lang) => lang === tag || lang === tag.split("-")[0]);
    if (match && !refused.has(match)) return match;
  }
  return null;
}
