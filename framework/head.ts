/**
 * HEAD (RFC 9110 §9.3.2): the answer GET would give, without its body. Hono answers HEAD by running GET and
 * dropping the body, and Deno then sends `Content-Length: 0` for a body whose length was known only once sent.
 * This runs GET itself and states the length of the body it drops.
 */
type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

export function answeringHead<F extends Fetch>(fetch: F): F {
  // Not async itself: every other request's answer passes straight through, without another promise around it.
  return ((request: Request, ...rest: never[]) =>
    request.method === "HEAD" ? answerHead(fetch, request, rest) : fetch(request, ...rest)) as F;
}

async function answerHead(fetch: Fetch, request: Request, rest: never[]): Promise<Response> {
  const get = await fetch(new Request(request, { method: "GET" }), ...rest);
  if (get.status === 101 || get.status === 204 || get.status === 304) return get;
  const headers = new Headers(get.headers);
  if (!headers.has("content-length") && get.body) {
    headers.set("content-length", String((await get.arrayBuffer()).byteLength));
  } else await get.body?.cancel();
  return new Response(null, { status: get.status, statusText: get.statusText, headers });
}
