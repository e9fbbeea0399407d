/** The administrative staff's profile address: the same page as the academic one (which checks the kind). */
export { default, handler, meta } from "../../../academic-personal/details/[hrUserId]/routes.tsx";
