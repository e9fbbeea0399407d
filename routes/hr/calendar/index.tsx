/** /hr/calendar (where account switching lands) shows the personal calendar too, at its own address. */
export { default, handler, meta } from "./calendar.tsx";
