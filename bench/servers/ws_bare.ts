/**
 * The baseline of the chat benchmark: a bare Deno WebSocket broadcast. A socket joins a room with
 * `{"join": roomId}`; any other frame is sent as it is to every socket of the sender's room (the sender too).
 * No JSON parsing of the broadcast frames beyond the room lookup, no storage: the ceiling of fan-out.
 */
const port = Number(Deno.env.get("PORT") || 0);
const hostname = Deno.env.get("HOST") || "127.0.0.1";
const rooms = new Map<number, Set<WebSocket>>();

Deno.serve({
  port,
  hostname,
  onListen: (addr) => console.log(`listening on http://${addr.hostname}:${addr.port}`),
}, (request) => {
  if (request.headers.get("upgrade") !== "websocket") return new Response("ok");
  const { socket, response } = Deno.upgradeWebSocket(request);
  let room: Set<WebSocket> | null = null;
  socket.onmessage = (m) => {
    const text = String(m.data);
    if (!room) {
      const id = JSON.parse(text).join as number;
      room = rooms.get(id) ?? new Set();
      rooms.set(id, room);
      room.add(socket);
      return;
    }
    for (const peer of room) if (peer.readyState === WebSocket.OPEN) peer.send(text);
  };
  socket.onclose = () => room?.delete(socket);
  return response;
});
