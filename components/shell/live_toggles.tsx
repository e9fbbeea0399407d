/**
 * The user menu's live checkboxes (SPEC §2.3, §4): "Zoom online", shown only when the Zoom status check answers
 * yes, and "observing", shown only when the live user is an observer. They mount when the menu opens (the
 * dropdown renders its items only while open), so pages pay nothing until then; answers are kept for the page.
 */
import { useEffect, useState } from "preact/hooks";
import { showToast } from "../ui/toast.tsx";
import { call } from "../../utils/api_client.ts";
import { t } from "../../utils/i18n.ts";

interface LiveState {
  zoom: boolean | null;
  observer: boolean;
  observing: boolean;
}

let known: LiveState | null = null;

async function loadLiveState(guard: string): Promise<LiveState> {
  const [zoom, me] = await Promise.all([
    // Only academic staff have a Zoom link: nobody else's menu asks.
    guard === "prof" ? call("GET /shell/zoom").catch(() => null) : Promise.resolve(null),
    call("GET /auth/me").catch(() => null),
  ]);
  return {
    zoom: zoom?.result === "yes" ? zoom.status : null,
    observer: me?.live.observer ?? false,
    observing: me?.live.observingStart ?? false,
  };
}

const ROW = "menu-item flex items-center gap-2";

export function LiveToggles({ guard }: { guard: string }) {
  const [state, setState] = useState<LiveState | null>(known);
  useEffect(() => {
    if (!known) loadLiveState(guard).then((s) => setState(known = s));
  }, []);
  if (!state) return null;

  const save = async (change: Partial<LiveState>, call: Promise<{ result: string }>) => {
    const before = state;
    setState(known = { ...state, ...change });
    const ok = await call.then((r) => r.result === "yes", () => false);
    showToast(t(ok ? "shellLive.updated" : "shellLive.updateFailed"), ok ? "success" : "error");
    if (!ok) setState(known = before);
  };

  return (
    <>
      {state.zoom !== null && (
        <label class={ROW}>
          <input
            type="checkbox"
            checked={state.zoom}
            data-testid="zoom-online"
            onChange={(e) => {
              const isOnline = (e.target as HTMLInputElement).checked;
              save({ zoom: isOnline }, call("PUT /shell/zoom", { body: { isOnline } }));
            }}
          />
          {t("shellLive.zoomOnline")}
        </label>
      )}
      {state.observer && (
        <label class={ROW}>
          <input
            type="checkbox"
            checked={state.observing}
            data-testid="observing"
            onChange={(e) => {
              const status = (e.target as HTMLInputElement).checked;
              save({ observing: status }, call("PUT /shell/observing", { body: { status } }));
            }}
          />
          {t("shellLive.observing")}
        </label>
      )}
    </>
  );
}
