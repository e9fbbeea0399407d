/**
 * The top bar's live parts, loaded when the browser is idle after the page is shown (none of them is needed
 * to show it): the real-time user channel behind the bell and the background checks (poll alert, professor
 * statement). Kept out of the boot module to keep every page's first JavaScript small.
 */
export { connectUserChannel } from "../../utils/user_channel_client.ts";
export { ShellChecks } from "./shell_checks.tsx";
