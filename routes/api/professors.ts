/** Professor accounts, each linked to an academic HR record (professorList, professorAdd, professorEdit …). */
import { accountRouter, accountRoutes } from "../../http/account_routes.ts";

export const routes = accountRoutes("menu.settings.users.prof", {
  list: "professorList",
  add: "professorAdd",
  edit: "professorEdit",
  remove: "professorRemove",
  restore: "professorRestore",
  reset: "professorPasswordReset",
  log: "professorLog",
}, "Professor accounts (guard prof)");

export default accountRouter("prof", routes);
