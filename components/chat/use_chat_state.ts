/** Subscribes a component to the chat store; re-renders on every change (the store is small and flat). */
import { useEffect, useState } from "preact/hooks";
import type { ChatState, ChatStore } from "./chat_store.ts";

export function useChatState(store: ChatStore): ChatState {
  const [state, setState] = useState(store.state);
  useEffect(() => {
    setState(store.state);
    return store.subscribe(() => setState(store.state));
  }, [store]);
  return state;
}

/** The viewport width, following resizes. */
export function useViewportWidth(): number {
  const [width, setWidth] = useState(innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(innerWidth);
    addEventListener("resize", onResize);
    return () => removeEventListener("resize", onResize);
  }, []);
  return width;
}

/** A clock for relative times, ticking every 30 s. */
export function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
