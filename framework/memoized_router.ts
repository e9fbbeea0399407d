/**
 * The app's router behind a memo of its answers. Once the routes are registered (at start-up), a method and path
 * always match the same handlers, yet Hono's trie router — the one our routes need: its faster regular-expression
 * router refuses a static segment beside a parameter, as `/api/students/export` beside `/api/students/:id` —
 * walks the trie for every request: 9% of a JSON answer's main-thread CPU under load. The memo keeps the answers
 * for the paths most recently first requested; a path never seen before (or a flood of them) costs one walk, as
 * it did.
 */
import type { Result, Router } from "hono/router";
import { SmartRouter } from "hono/router/smart-router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import { keepBounded } from "../utils/bounded_map.ts";

/** Paths whose answers are kept: every static route and the current ids of a busy day, in a few hundred KB. */
const MEMO_MAX = 2_000;

export class MemoizedRouter<T> implements Router<T> {
  readonly #inner: Router<T>;
  readonly #answers = new Map<string, Result<T>>();

  /** Hono's default router (the regular-expression router where the routes allow it, else the trie). */
  constructor(inner: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })) {
    this.#inner = inner;
  }

  get name(): string {
    return `memoized ${this.#inner.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    // A plain read: moving a hit to the newest place (getRecent) cost as much as the walk it saves.
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      answer = this.#inner.match(method, path);
      keepBounded(this.#answers, key, answer, MEMO_MAX);
    }
    return answer;
  }
}
