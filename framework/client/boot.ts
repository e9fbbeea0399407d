/**
 * The boot runtime, loaded only by pages that contain islands. It reads the island payload, runs the app's
 * client init (translations), hydrates every island between its comment markers, and then, when the browser
 * is idle, installs client navigation.
 */
import { h, hydrate, render } from "preact";
import { deserialize } from "../serialize.ts";
import type { IslandPayload } from "../render.ts";
import { createRootFragment } from "./root_fragment.ts";
import { whenIdle } from "./when_idle.ts";
import { effectsRan, scheduleEffectsHere } from "./effects.ts";

scheduleEffectsHere();

interface MountedIsland {
  root: Element;
  start: Comment;
}

const mounted: MountedIsland[] = [];
const modules = new Map<string, Promise<Record<string, unknown>>>();

function loadModule(url: string) {
  let mod = modules.get(url);
  if (!mod) {
    mod = import(url) as Promise<Record<string, unknown>>;
    modules.set(url, mod);
  }
  return mod;
}

export function readPayload(doc: Document): IslandPayload | null {
  const el = doc.getElementById("__islands");
  return el?.textContent ? deserialize<IslandPayload>(el.textContent) : null;
}

function findMarkers(root: Node) {
  const found: { name: string; index: number; start: Comment; end: Comment }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const open: { name: string; index: number; start: Comment }[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node as Comment).data;
    const match = text.match(/^island:([\w$]+):(\d+)$/);
    if (match) open.push({ name: match[1], index: Number(match[2]), start: node as Comment });
    else if (text === "/island" && open.length) found.push({ ...open.pop()!, end: node as Comment });
  }
  return found;
}

/** Hydrates the islands found under `root` with the props of `payload`; resolves once their effects have run. */
export async function hydrateIslands(root: Node, payload: IslandPayload) {
  const markers = findMarkers(root);
  await Promise.all(markers.map(async ({ name, index, start, end }) => {
    const entry = payload.m[name];
    if (!entry) {
      console.error(`island ${name}: no module in the page payload; the page was rendered without it.`);
      return;
    }
    const mod = await loadModule(entry[0]);
    const component = mod[entry[1]] as Parameters<typeof h>[0];
    const fragment = createRootFragment(start.parentNode!, start, end);
    hydrate(h(component, payload.p[index] as Record<string, unknown>), fragment);
    mounted.push({ root: fragment, start });
  }));
  await effectsRan();
}

/** Unmounts the islands inside `region` before it is replaced, so their effects are cleaned up. */
export function unmountIslandsIn(region: Element) {
  for (let i = mounted.length - 1; i >= 0; i--) {
    if (region.contains(mounted[i].start)) {
      render(null, mounted[i].root);
      mounted.splice(i, 1);
    }
  }
}

async function boot() {
  const payload = readPayload(document);
  if (!payload) return;
  if (payload.i) {
    try {
      const init = await loadModule(payload.i);
      await (init.default as () => Promise<void>)();
    } catch (e) {
      console.error("client init failed; carrying on without it", e);
    }
  }
  await hydrateIslands(document.body, payload);
  // Client navigation is an enhancement loaded when the browser is idle: until then links load whole pages,
  // which work as well. "Hydrated" is announced once it is in place.
  await new Promise<void>((resolve) => whenIdle(resolve));
  const { installNavigation } = await import("./navigate.ts");
  installNavigation({ hydrateIslands, unmountIslandsIn, readPayload });
  document.documentElement.dataset.hydrated = "true";
  dispatchEvent(new CustomEvent("app:hydrated"));
}

boot();
