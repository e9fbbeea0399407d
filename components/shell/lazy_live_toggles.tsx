/**
 * The user menu's live checkboxes, loaded with import() when the menu first opens (the dropdown mounts its
 * items only while open): every page ships the top bar, few people open the menu.
 */
import { useEffect, useState } from "preact/hooks";

type Toggles = typeof import("./live_toggles.tsx").LiveToggles;
let loaded: Toggles | null = null;

export function LazyLiveToggles({ guard }: { guard: string }) {
  const [Toggles, setToggles] = useState<Toggles | null>(() => loaded);
  useEffect(() => {
    if (!loaded) import("./live_toggles.tsx").then((m) => setToggles(() => (loaded = m.LiveToggles)));
  }, []);
  return Toggles ? <Toggles guard={guard} /> : null;
}
