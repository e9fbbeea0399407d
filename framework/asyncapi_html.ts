/**
 * An AsyncAPI 3 document as one readable HTML page, rendered on the server (no script, no CDN): the document's
 * description, each channel with its address and description, what the client sends and what the server sends
 * (each message's frame and data schema, with links between schemas), and every schema component.
 */
// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The little Markdown the descriptions use: paragraphs, **bold** and `code`. */
function prose(text: string | undefined): string {
  if (!text) return "";
  return text.split(/\n\s*\n/).map((paragraph) =>
    `<p>${
      escape(paragraph.replace(/\s*\n\s*/g, " "))
        .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
        .replace(/`([^`]+)`/g, "<code>$1</code>")
    }</p>`
  ).join("\n");
}

const anchor = (ref: string) => ref.replace(/^#\//, "").replace(/[^A-Za-z0-9_.-]/g, "-");

/** A schema as indented JSON whose `$ref`s link to the schema they name. */
function schemaHtml(schema: unknown): string {
  const json = escape(JSON.stringify(schema, null, 2));
  return `<pre>${
    json.replace(
      /&quot;\$ref&quot;: &quot;(#\/components\/schemas\/[^&]+)&quot;/g,
      (_all, ref: string) => `&quot;$ref&quot;: <a href="#${anchor(ref)}">&quot;${ref}&quot;</a>`,
    )
  }</pre>`;
}

function resolve(doc: Json, value: Json | undefined): Json | undefined {
  let current = value;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    current = String(current.$ref).replace(/^#\//, "").split("/").reduce<Json | undefined>(
      (node, key) => node?.[key.replace(/~1/g, "/").replace(/~0/g, "~")],
      doc,
    );
  }
  return current;
}

function operationHtml(doc: Json, key: string, operation: Json): string {
  const messages = (operation.messages ?? []).map((m: Json) => resolve(doc, m)).filter(Boolean) as Json[];
  const replies = (operation.reply?.messages ?? []).map((m: Json) => resolve(doc, m)).filter(
    Boolean,
  ) as Json[];
  const section = (title: string, list: Json[]) =>
    list.map((message) => {
      const data = message.payload?.properties?.data;
      return `<h5>${escape(title)}: <code>${escape(message.name ?? "")}</code></h5>
<details><summary>frame</summary>${schemaHtml(message.payload)}</details>
${data ? schemaHtml(resolve(doc, data) ?? data) : ""}`;
    }).join("\n");
  return `<article id="${anchor(`operations/${key}`)}">
<h4>${escape(operation.title ?? key)}</h4>
${prose(operation.description ?? operation.summary)}
${section("Message", messages)}
${section("Answered by", replies)}
</article>`;
}

export function renderAsyncApi(doc: Json, opts: { stylesheet: string; links: string }): string {
  const operations = Object.entries(doc.operations ?? {}) as [string, Json][];
  const channels = Object.entries(doc.channels ?? {}) as [string, Json][];
  const channelHtml = channels.map(([name, channel]) => {
    const of = (action: string) =>
      operations.filter(([, op]) => op.action === action && resolve(doc, op.channel) === channel)
        .map(([key, op]) => operationHtml(doc, key, op)).join("\n");
    return `<section id="${anchor(`channels/${name}`)}">
<h2>${escape(channel.title ?? name)} <code>${escape(channel.address ?? "")}</code></h2>
${prose(channel.description)}
<h3>The client sends</h3>
${of("receive")}
<h3>The server sends</h3>
${of("send")}
</section>`;
  }).join("\n");
  const schemas = Object.entries(doc.components?.schemas ?? {}) as [string, Json][];
  const servers = Object.values(doc.servers ?? {}) as Json[];
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>${escape(doc.info?.title ?? "AsyncAPI")}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="${opts.stylesheet}"></head>
<body><nav>${opts.links}</nav><main>
<h1>${escape(doc.info?.title ?? "")} <small>${escape(doc.info?.version ?? "")} · AsyncAPI ${
    escape(doc.asyncapi ?? "")
  }</small></h1>
${prose(doc.info?.description)}
<p>${servers.map((s) => `<code>${escape(`${s.protocol}://${s.host}`)}</code>`).join(" ")}</p>
<ul>${
    channels.map(([name, c]) =>
      `<li><a href="#${anchor(`channels/${name}`)}">${escape(c.title ?? name)}</a></li>`
    ).join("")
  }
<li><a href="#schemas">Schemas</a></li></ul>
${channelHtml}
<section id="schemas"><h2>Schemas</h2>
${
    schemas.map(([name, schema]) =>
      `<article id="${anchor(`components/schemas/${name}`)}"><h4>${escape(name)}</h4>${
        prose(schema.description)
      }${schemaHtml(schema)}</article>`
    ).join("\n")
  }
</section></main></body></html>`;
}
