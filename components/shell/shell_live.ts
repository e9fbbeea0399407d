/**
 * The shell's live parts (SPEC §2.5, §4), loaded when the browser is idle after the page is shown, since none
 * of them is needed to show it: the real-time user channel behind the bell, the poll alert check (at start-up
 * and every 60,000 ms) and, for academic staff, the professor statement dialog, opened once per session
 * (sessionStorage) while the statement is unchecked. Only logic lives here; the top bar draws the results.
 * The top bar is kept by client navigation, so "start-up" is a full page load.
 */
import type { ComponentType } from "preact";
import { call } from "../../utils/api_client.ts";
import type { ResponseOf } from "../api.ts";
import { startPollAlert } from "../../utils/poll_alert.ts";
import { connectUserChannel } from "../../utils/user_channel_client.ts";

export type WaitingPoll = ResponseOf<"GET /shell/polls/waiting">["data"][number];

export type StatementDialog = ComponentType<{ onClose: () => void }>;

export const STATEMENT_SHOWN_KEY = "professorStatementShown";

export interface ShellLiveOptions {
  guard: string;
  setUnread: (count: number) => void;
  setPolls: (polls: WaitingPoll[]) => void;
  openStatement: (dialog: StatementDialog) => void;
}

/** Starts every live part; returns the function that stops them. */
export function startShellLive({ guard, setUnread, setPolls, openStatement }: ShellLiveOptions): () => void {
  const disconnect = connectUserChannel(setUnread);
  const stopPolls = startPollAlert(async () => {
    setPolls((await call("GET /shell/polls/waiting")).data);
  });
  if (guard === "prof" && !session.get(STATEMENT_SHOWN_KEY)) {
    call("GET /shell/professor-statement").then(async ({ isChecked }) => {
      if (isChecked) return;
      session.set(STATEMENT_SHOWN_KEY, "1");
      openStatement((await import("./professor_statement_dialog.tsx")).ProfessorStatementDialog);
    }).catch(() => {});
  }
  return () => {
    disconnect();
    stopPolls();
  };
}

const session = {
  get(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null; // storage disabled
    }
  },
  set(key: string, value: string) {
    try {
      sessionStorage.setItem(key, value);
    } catch { /* storage disabled */ }
  },
};
