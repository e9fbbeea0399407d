import { createApp } from "../../main.ts";
const app = await createApp({ kvPath: ":memory:" });
Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: ({ port }) => console.log(`PORT ${port}`) }, app.fetch);
