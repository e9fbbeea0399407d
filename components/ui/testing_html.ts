/**
 * Test helper: reads opening tags out of server-rendered HTML. Good enough for our own markup (attribute
 * values are quoted and never contain ">"), and it keeps the tests free of a DOM dependency.
 */
export type Attrs = Record<string, string>;

export function tags(html: string, name: string): Attrs[] {
  const found: Attrs[] = [];
  const tagPattern = new RegExp(`<${name}(\\s[^>]*)?>`, "g");
  for (const match of html.matchAll(tagPattern)) {
    const attrs: Attrs = {};
    for (const attr of (match[1] ?? "").matchAll(/([^\s="]+)(?:="([^"]*)")?/g)) {
      attrs[attr[1]] = attr[2] ?? "";
    }
    found.push(attrs);
  }
  return found;
}

export function tag(html: string, name: string, where: (attrs: Attrs) => boolean = () => true): Attrs {
  const match = tags(html, name).find(where);
  if (!match) throw new Error(`no <${name}> matching in: ${html}`);
  return match;
}

/** The element with this id (any tag). */
export function byId(html: string, id: string): Attrs {
  return tag(html, "[a-z][a-z0-9-]*", (a) => a.id === id);
}

/** Text content of the element with this id, tags stripped (only for leaf-ish elements). */
export function textOf(html: string, id: string): string {
  const match = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(html);
  if (!match) throw new Error(`no element with id ${id}`);
  return match[1].replace(/<[^>]+>/g, "");
}
