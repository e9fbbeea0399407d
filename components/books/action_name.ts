/**
 * The id of the element holding a row action's name, once per courses page (book_row_actions.tsx): the
 * buttons are named by it, and the actions island reads it for their tooltips. Its own module so the island
 * does not load the action table and its icons.
 */
export const actionNameId = (action: string) => `ba-${action}`;
