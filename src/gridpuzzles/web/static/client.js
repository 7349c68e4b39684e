// A game page's client of the JSON API, the same for every puzzle: its requests (api.js: one
// call, one answer; a busy game store told and the request sent again after its Retry-After),
// the queue that sends the requests changing the game one at a time and in order, the count of
// those on their way (the board is aria-busy meanwhile), the new games asked for (only the
// latest is shown), and the game in play kept in the browser: a reload resumes it and draws it
// at once. What a page keeps to itself is its drawing and its input.

import { api, onRetry } from "./api.js";

// The game in play is kept in localStorage (the browser's), not in sessionStorage (the tab's):
// - a reload keeps either, but closing the tab empties sessionStorage, while the game's token
//   (a cookie of the browser, kept for months and sent by every tab) and the game itself stay
//   on the server. The page opened again would deal a new game and drop the one in play
//   without a word, where replacing it in the page first asks "Leave this game?" (a
//   Minesweeper game left after its first reveal counts as a loss). In localStorage the page
//   opened again resumes it, as a reload does;
// - the token is the browser's, so the game in play is too: a second tab opens the same game.
//   Each move carries the version its tab saw: a move chosen on a board another tab has
//   changed is refused (409) and the page shows the game as it is now. The game a tab shows
//   last is the one a reload resumes.
const STORE = localStorage;

export class GameClient {
  /** The client of the puzzle whose API is at `path` ("/api/minesweeper"); `keys`: where the
   * game in play is kept ({game: its id, state: what the player last saw of it}); `board`:
   * the element that is aria-busy while a request is on its way; `tell(words)`: how the page
   * tells the player of a failed request (and of one that waits to be sent again). */
  constructor(path, keys, board, tell) {
    this.path = path;
    this.keys = keys;
    this.board = board;
    this.tell = tell;
    this.queue = Promise.resolve(); // the requests that change the game, one after the other
    this.pending = 0; // requests on their way (queued or not)
    this.asked = 0; // new games asked for: only the latest one asked is shown
    onRetry(tell);
  }

  /** Call the puzzle's API at `tail` ("/games/ID/moves"): resolves to the JSON answer, rejects
   * with an ApiError (its `status`, and the server's words as its message). */
  call(method, tail, body) {
    return api(method, `${this.path}${tail}`, body);
  }

  /** The game `id` as the server has it now. */
  game(id) {
    return this.call("GET", `/games/${encodeURIComponent(id)}`);
  }

  /** Count the requests on their way (`change` more or fewer): the board is aria-busy while
   * any is, and done drawing its last answer once none is. */
  busy(change) {
    this.pending += change;
    this.board.setAttribute("aria-busy", String(this.pending > 0));
  }

  /** Run `work` once the requests before it are answered; resolves to what it gives. Its error
   * goes to `failed` (by default it is told); the requests after it are sent all the same. */
  run(work, failed = (error) => this.tell(error.message)) {
    this.busy(1);
    const done = this.queue
      .then(work)
      .catch(failed)
      .finally(() => this.busy(-1));
    this.queue = done.catch(() => {});
    return done;
  }

  /** A new game is asked for: the number that `latest` checks once it is answered. */
  ask() {
    this.asked += 1;
    return this.asked;
  }

  /** Whether no new game was asked for since `asked` (this.asked then). */
  latest(asked) {
    return asked === this.asked;
  }

  /** The id of the game in play in this browser, or null. */
  keptId() {
    return STORE.getItem(this.keys.game);
  }

  /** What was kept of the game in play ({state, at}: the last state the server sent and
   * when), or null. Throws on a kept state this page cannot read. */
  kept() {
    const id = this.keptId();
    const kept = JSON.parse(STORE.getItem(this.keys.state) || "null");
    return id && kept?.state && kept.state.id === id ? kept : null;
  }

  /** Keep `state` (the server's latest) as the game in play: its id, and what the player sees
   * of it, for the next load to draw at once. Its token stays in its cookie; the fields named
   * in `unkept` are not kept either (what the page says once and does not draw again). */
  keep(state, unkept = []) {
    const seen = Object.fromEntries(
      Object.entries(state).filter(([key]) => key !== "token" && !unkept.includes(key)),
    );
    STORE.setItem(this.keys.game, state.id);
    STORE.setItem(this.keys.state, JSON.stringify({ state: seen, at: Date.now() }));
  }

  /** No game in play any more (it was left): the next load starts a new one. */
  forget() {
    STORE.removeItem(this.keys.game);
  }

  /** Ask the server for the game in play and give it to `show`, unless a new game was asked
   * for since `asked`. Resolves to whether there is one (it is not shown when a newer game was
   * asked for); false when none is kept, or it is gone, or it was started in another browser. */
  async resume(asked, show) {
    const id = this.keptId();
    if (!id) return false;
    let state;
    try {
      state = await this.game(id);
    } catch {
      return false;
    }
    if (this.latest(asked)) show(state);
    return true;
  }
}
