/** Staff accounts and their roles (API.md "Administration": userList, userAdd, userEdit, userRemove). */
import { accountRouter } from "../../http/account_routes.ts";

export default accountRouter("staff", "menu.settings.users.users", {
  list: "userList",
  add: "userAdd",
  edit: "userEdit",
  remove: "userRemove",
  restore: "userRestore",
  reset: "userPasswordReset",
  log: "userLog",
}, "Staff accounts (guards user and custom; students on request)");
