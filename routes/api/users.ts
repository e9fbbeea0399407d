/** Staff accounts and their roles (API.md "Administration": userList, userAdd, userEdit, userRemove). */
import { accountRouter, accountRoutes } from "../../http/account_routes.ts";

export const routes = accountRoutes("menu.settings.users.users", {
  list: "userList",
  add: "userAdd",
  edit: "userEdit",
  remove: "userRemove",
  restore: "userRestore",
  reset: "userPasswordReset",
  log: "userLog",
}, "Staff accounts (guards user and custom; students on request)");

export default accountRouter("staff", routes);
