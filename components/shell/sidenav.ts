/**
 * The classes that place the phone's sidenav: the server draws it closed (components/shell/side_menu.tsx), the
 * island moves it (islands/shell/side_menu.tsx). Here, apart from both, so the island's bundle takes none of
 * the server's rendering code, and where the stylesheet's scanner finds them.
 */
export const SIDENAV_CLOSED = "-translate-x-full";
export const SIDENAV_OPEN = "translate-x-0";
