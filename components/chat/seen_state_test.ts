import { assertEquals } from "../../tests/assert.ts";
import { roomSeenState, seenState, unseenByMe, withSeenBy } from "./seen_state.ts";

const ME = { id: 7, type: "user" };
const OTHER = { id: 9, type: "student" };
const ME_AS_PROF = { id: 7, type: "prof" };

Deno.test("the four seen states and their transitions", async (t) => {
  await t.step("a message from me nobody else saw: user_not_seen", () => {
    assertEquals(seenState({ user: ME, seenUsers: [ME] }, ME), "user_not_seen");
  });
  await t.step("someone else sees my message: user_seen", () => {
    const sent = { user: ME, seenUsers: [ME] };
    assertEquals(seenState(withSeenBy(sent, OTHER), ME), "user_seen");
  });
  await t.step("a message from another I have not seen: me_not_seen", () => {
    assertEquals(seenState({ user: OTHER, seenUsers: [OTHER] }, ME), "me_not_seen");
  });
  await t.step("my seen update turns it into me_seen", () => {
    const received = { user: OTHER, seenUsers: [OTHER] };
    assertEquals(seenState(withSeenBy(received, ME), ME), "me_seen");
  });
  await t.step("same id with another type is not me", () => {
    assertEquals(seenState({ user: ME_AS_PROF, seenUsers: [] }, ME), "me_not_seen");
    assertEquals(seenState({ user: OTHER, seenUsers: [ME_AS_PROF] }, ME), "me_not_seen");
  });
  await t.step("a repeated seen update changes nothing", () => {
    const seen = withSeenBy({ user: OTHER, seenUsers: [] }, ME);
    assertEquals(withSeenBy(seen, ME), seen);
  });
  await t.step("a room takes the state of its last message; an empty room is seen", () => {
    assertEquals(roomSeenState({ user: OTHER, seenUsers: [] }, ME), "me_not_seen");
    assertEquals(roomSeenState(null, ME), "me_seen");
  });
  await t.step("focusing marks only others' unseen messages", () => {
    const list = [
      { id: 1, user: OTHER, seenUsers: [] },
      { id: 2, user: OTHER, seenUsers: [ME] },
      { id: 3, user: ME, seenUsers: [] },
      { id: 4, user: OTHER, seenUsers: [] },
    ];
    assertEquals(unseenByMe(list, ME), [1, 4]);
  });
});
