/** The projection as a pure fold: members, admins, last message, unread counts, read cursors and seen states. */
import { assertEquals, assertThrows } from "../../tests/assert.ts";
import type { ChatEvent, ChatEventBody, RoomState } from "./model.ts";
import { project, roomSeenStatus, seenUsersOf } from "./projection.ts";
import type { MemberRef } from "./protocol.ts";

const me: MemberRef = { id: 1, type: "user" };
const you: MemberRef = { id: 2, type: "prof" };
const them: MemberRef = { id: 3, type: "student" };

function fold(steps: [MemberRef, ChatEventBody][]): RoomState {
  let state: RoomState | null = null;
  steps.forEach(([actor, body], i) => {
    const event = {
      ...body,
      roomId: 9,
      seq: i + 1,
      actor,
      at: `2026-01-01T00:00:${String(i).padStart(2, "0")}Z`,
    };
    state = project(state, event as ChatEvent);
  });
  return state!;
}

const created: [MemberRef, ChatEventBody] = [me, {
  type: "room_created",
  kind: "group",
  title: "g",
  members: [me, you, them],
  admins: [me],
}];
const text = (actor: MemberRef, t: string): [MemberRef, ChatEventBody] => [actor, {
  type: "message_sent",
  messageType: "TEXT",
  text: t,
}];
const seen = (actor: MemberRef, upTo: number, unread?: number): [MemberRef, ChatEventBody] => [actor, {
  type: "messages_seen",
  upTo,
  messageIds: [upTo],
  unread,
}];

Deno.test("chat projection", async (t) => {
  await t.step("SPEC §4 seen states: a message from me → user_not_seen, from another → me_not_seen", () => {
    const state = fold([created, text(me, "hi")]);
    assertEquals(roomSeenStatus(state, me), "user_not_seen");
    assertEquals(roomSeenStatus(state, you), "me_not_seen");
    assertEquals(state.unread, new Map([[1, 0], [2, 1], [3, 1]]));
  });

  await t.step("another's seen update → user_seen for me; my seen update → me_seen for me", () => {
    const state = fold([created, text(me, "hi"), seen(you, 2)]);
    assertEquals(roomSeenStatus(state, me), "user_seen");
    assertEquals(roomSeenStatus(state, you), "me_seen");
    assertEquals(roomSeenStatus(state, them), "me_not_seen");
    assertEquals(seenUsersOf(state, 2, me), [you]);
    assertEquals(state.unread, new Map([[1, 0], [2, 0], [3, 1]]));
  });

  await t.step("a partial read takes the count the appender made; sending is reading", () => {
    const state = fold([
      created,
      text(me, "1"),
      text(me, "2"),
      text(you, "3"),
      text(me, "4"),
      seen(them, 3, 2),
    ]);
    assertEquals(state.unread.get(3), 2);
    assertEquals(state.cursors.get(2), 4, "you read up to your own message");
    assertEquals(state.unread.get(2), 1);
    const later = fold([
      created,
      text(me, "1"),
      text(me, "2"),
      text(you, "3"),
      text(me, "4"),
      seen(them, 3, 2),
      seen(them, 2),
    ]);
    assertEquals(later.cursors.get(3), 3, "a cursor never moves back");
  });

  await t.step("members and admins: removal, the last admin hands over, a newcomer starts caught up", () => {
    let state = fold([created, text(me, "x"), [me, { type: "member_removed", member: me }]]);
    assertEquals(state.members, [you, them]);
    assertEquals(state.admins, [you]);
    assertEquals(state.cursors.has(1), false);
    state = project(state, {
      type: "member_added",
      member: me,
      roomId: 9,
      seq: state.seq + 1,
      actor: you,
      at: "2026-01-02T00:00:00Z",
    });
    assertEquals([state.cursors.get(1), state.unread.get(1)], [state.seq, 0]);
  });

  await t.step("titles: the group's for all, a personal one per person; deletion", () => {
    const state = fold([
      created,
      [me, { type: "title_set", title: "new" }],
      [you, { type: "custom_title_set", title: "mine" }],
      [me, { type: "room_deleted" }],
    ]);
    assertEquals([state.title, state.personalTitles, state.deleted], ["new", new Map([[2, "mine"]]), true]);
  });

  await t.step("an event out of order is a bug and throws", () => {
    const state = fold([created]);
    assertThrows(() =>
      project(state, { ...(text(me, "x")[1] as ChatEvent), roomId: 9, seq: 5, actor: me, at: "" })
    );
  });
});
