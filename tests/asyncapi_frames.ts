/**
 * Checks WebSocket frames against the published AsyncAPI document (/api/asyncapi.json of the server under
 * test): each frame must be one of its channel's messages in its direction — the event named, the data of
 * that event's schema. A callback is checked against the reply of the event it answers when that is known.
 * The chat and user-channel test clients run every frame they send and receive through it.
 */
import { Ajv, type ValidateFunction } from "ajv";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;
export type Direction = "client" | "server";

export interface FrameChecker {
  /** What is wrong with the frame, or null when the document allows it. */
  problem(direction: Direction, frame: unknown, answering?: string): string | null;
}

const documents = new Map<string, Promise<FrameChecker>>();

/** The checker for a channel of the server at `socketUrl` (ws://host/ws/chat or /ws/user). */
export function frameChecker(socketUrl: string): Promise<FrameChecker> {
  const url = new URL(socketUrl);
  const key = `${url.host}${url.pathname}`;
  let checker = documents.get(key);
  if (!checker) {
    checker = load(url);
    documents.set(key, checker);
  }
  return checker;
}

async function load(socketUrl: URL): Promise<FrameChecker> {
  const http = `${socketUrl.protocol === "wss:" ? "https" : "http"}://${socketUrl.host}/api/asyncapi.json`;
  const doc: Json = await (await fetch(http)).json();
  const [channelName] = Object.entries(doc.channels as Record<string, Json>)
    .find(([, channel]) => channel.address === socketUrl.pathname) ?? [];
  if (!channelName) throw new Error(`the AsyncAPI document has no channel at ${socketUrl.pathname}`);
  const ajv = new Ajv({ strict: false, allErrors: false });
  ajv.addSchema({ ...doc, $id: "asyncapi.json" });
  const messages: Record<Direction, Map<string, ValidateFunction>> = { client: new Map(), server: new Map() };
  const replies = new Map<string, ValidateFunction>();
  for (const operation of Object.values(doc.operations as Record<string, Json>)) {
    if (operation.channel.$ref !== `#/channels/${channelName}`) continue;
    const direction: Direction = operation.action === "receive" ? "client" : "server";
    const compile = (ref: string) => {
      const key = ref.split("/").pop()!;
      const message = doc.components.messages[key];
      const validate = ajv.compile({ $ref: `asyncapi.json#/components/messages/${key}/payload` });
      return { event: message.payload.properties.event.const as string, validate };
    };
    for (const ref of operation.messages.map((m: Json) => m.$ref as string)) {
      const { event, validate } = compile(ref);
      messages[direction].set(event, validate);
      for (const reply of operation.reply?.messages ?? []) replies.set(event, compile(reply.$ref).validate);
    }
  }
  return {
    problem(direction, frame, answering) {
      const event = (frame as { event?: unknown } | null)?.event;
      const validate = event === "callback" && answering && replies.get(answering) ||
        messages[direction].get(String(event));
      if (!validate) return `${direction} event ${JSON.stringify(event)} is not in the AsyncAPI document`;
      if (validate(frame)) return null;
      return `${direction} ${String(event)}${answering ? ` (answering ${answering})` : ""}: ${
        ajv.errorsText(validate.errors)
      } in ${JSON.stringify(frame).slice(0, 300)}`;
    },
  };
}
