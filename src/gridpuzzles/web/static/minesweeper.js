// The Minesweeper page: draws what the server sends and forwards the player's input as moves.
// It holds no rules: every move goes to the server, which answers with the new view.
// Leaving a game after its first reveal (a new game, another level or rule, the Mondrian
// page) asks the player first, then tells the server the player left it (a loss); the
// Statistics dialog shows the records the server keeps.
// The board is drawn before the first paint, from what the page has before any request: the
// options the server writes into the page, and the last state it sent (client.js keeps it).

import { fromPage } from "./api.js";
import { GameClient } from "./client.js";
import { mayLeave as mayLeaveGame } from "./leave.js";
import { showNumber } from "./led.js";
import { offer, watchAddress } from "./links.js";
import {
  buildCells,
  cellIndexOf,
  cellsFit,
  drawView,
  SYMBOL_WORDS,
  showFace,
  steppedTo,
  symbolOf,
  TIMER_MOST,
} from "./mines-board.js";
import {
  fillLegend,
  hideChanceLabel as hideLabel,
  markTiny,
  overlaid,
  showChanceLabel as showLabel,
} from "./overlay.js";
import { where } from "./words.js";

const API = "/api/minesweeper";
const LONG_PRESS_MS = 450;
const KEPT = {
  game: "gridpuzzles.minesweeper.game", // the game in play (client.js)
  state: "gridpuzzles.minesweeper.state", // the last state the server sent for that game
  settings: "gridpuzzles.minesweeper.settings",
  chosen: "gridpuzzles.minesweeper.chosen", // {id, seed}: the game dealt on a seed the player chose
};

const $ = (id) => document.getElementById(id);
const board = $("board");
const face = $("face");
const client = new GameClient(API, KEPT, board, (words) => say(words, true));

let game = null; // the last GameState the server sent (or, until it answers, a provisional one)
let receivedAt = 0; // performance.now() when it arrived, to run the timer between answers
let cursor = 0; // the keyboard cursor, as a cell index
let cells = []; // the board's cells by index (each in its row element)
let hinted = -1; // the cell Hint marked, until the next answer
let chances = null; // with the overlay on: each cell's mine probability (null when shown)
let marks = null; // with it: "dead", "fifty-fifty" or null per cell (what the solver sees)
let safety = null; // with it: the likely guesses' chance to be safe and have a safe next move
let levels = []; // the built-in levels, from the options
let bands = []; // the probability overlay's risk bands, from the options (as in the TUI)
let maxSide = 0; // the longest side a board may have, from the options
// A replay link, ?level=expert&first_click=opening&seed=7 (or width, height and mines for a
// custom board), asks for the first new game. Every value stays the text it is, the seed
// above all: a JavaScript number would lose its digits above 2**53 and give another board.
const ADDRESS_KEYS = ["level", "width", "height", "mines", "first_click", "seed"];
const asked = new URLSearchParams(location.search);
let requested = ADDRESS_KEYS.some((key) => asked.has(key))
  ? Object.fromEntries(
      ADDRESS_KEYS.filter((key) => asked.has(key)).map((key) => [key, asked.get(key)]),
    )
  : null;
// The address of a game on a chosen seed names that game while it is played here: a reload
// (or the address opened again) resumes it. Once it has ended, only a reload shows it again;
// following the address (the replay link) deals the board anew.
if (requested && playsHere()) requested = null;
const tally = {
  won: 0,
  lost: 0,
  left: 0,
  ...JSON.parse(sessionStorage.getItem("gridpuzzles.tally") || "{}"),
};

// ---- drawing -------------------------------------------------------------------------------

function symbolAt(index) {
  return symbolOf(game, index);
}

function draw() {
  if (!cellsFit(board, cells, game.width, game.height)) {
    cells = buildCells(board, game.width, game.height);
    cursor = Math.min(cursor, cells.length - 1);
  }
  drawView(cells, game, (index, symbol) => {
    let classes = "";
    if (index === cursor) classes += " cursor";
    if (index === hinted) classes += " hint";
    const chance = chances && "#?".includes(symbol) ? chances[index] : null;
    if (chance === null) return { classes };
    const shown = overlaid(bands, chance, marks[index], safety[index]);
    return { ...shown, classes: classes + shown.classes };
  });
  board.setAttribute("aria-activedescendant", cells[cursor].id);
  fitBoard();
  showNumber($("mines-left"), game.mines_left);
  showFace(face, game.status);
  for (const id of ["play-move", "hint", "overlay"]) $(id).disabled = game.status !== "playing";
  $("undo").disabled = !game.can_undo;
  $("redo").disabled = !game.can_redo;
  $("overlay-legend").hidden = !chances;
  $("overlay").setAttribute("aria-pressed", String(overlayOn));
  tick();
  if (!performance.getEntriesByName("board-drawn").length) performance.mark("board-drawn");
}

/** The cell at `index` in the player's words. */
function whereIndex(index) {
  return where(Math.floor(index / game.width), index % game.width);
}

/** Mark the board `tiny` when its overlay numbers would be too small to read (they then show
 * in a label on hover or press), and say when the board is larger than its frame (it pans). */
function fitBoard() {
  const first = cells[0];
  if (!first || !board.contains(first)) return;
  const size = first.getBoundingClientRect().width;
  markTiny(board, size);
  const frame = $("board-frame");
  $("pan-note").hidden =
    frame.scrollWidth <= frame.clientWidth + 1 && frame.scrollHeight <= frame.clientHeight + 1;
}

const ZOOM_STEPS = [24, 32, 40, 48]; // cell sizes in px when zoomed in: 24 at least, to tap
let zoom = null; // the cell size zoomed to, or null: the board fits the screen (the default)

/** Zoom the board to cells of `size` px (null: fit the screen), keeping the part of the board
 * in the middle of its frame there. */
function setZoom(size) {
  const frame = $("board-frame");
  const middle = (offset, seen, whole) => (whole ? (offset + seen / 2) / whole : 0.5);
  const x = middle(frame.scrollLeft, frame.clientWidth, frame.scrollWidth);
  const y = middle(frame.scrollTop, frame.clientHeight, frame.scrollHeight);
  zoom = size;
  board.classList.toggle("zoomed", size !== null);
  if (size !== null) board.style.setProperty("--zoom-cell", `${size}px`);
  frame.classList.toggle("zoomed", size !== null);
  $("zoom-fit").setAttribute("aria-pressed", String(size === null));
  $("zoom-out").disabled = size === null;
  $("zoom-in").disabled = size === ZOOM_STEPS.at(-1);
  frame.scrollLeft = x * frame.scrollWidth - frame.clientWidth / 2;
  frame.scrollTop = y * frame.scrollHeight - frame.clientHeight / 2;
  if (game) fitBoard();
}

/** The cell size now, in px. */
function cellSize() {
  return cells[0] && board.contains(cells[0]) ? cells[0].getBoundingClientRect().width : 0;
}

function zoomIn() {
  const now = zoom === null ? cellSize() : zoom;
  const next = ZOOM_STEPS.find((size) => size > now + 0.5);
  if (next) setZoom(next);
}

/** Zoom out one step, or to fit when that is as large (the fitted size is measured). */
function zoomOut() {
  const was = zoom;
  if (was === null) return;
  setZoom(null);
  const fit = cellSize();
  const smaller = ZOOM_STEPS.filter((size) => size < was && size > fit + 0.5);
  if (smaller.length) setZoom(smaller.at(-1));
}

/** In a tiny board, show the overlay's number of the cell at `index` in a label above it
 * (for `ms` milliseconds when given); hide it when the cell has none. */
function showChanceLabel(index, ms) {
  showLabel($("chance-label"), board, chances ? cells[index] : null, ms);
}

function hideChanceLabel() {
  hideLabel($("chance-label"));
}

function tick() {
  if (!game) return;
  let seconds = game.elapsed;
  if (game.in_play) seconds += (performance.now() - receivedAt) / 1000;
  showNumber($("timer"), Math.floor(seconds), TIMER_MOST);
}

function say(text, isError = false) {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", isError);
  if (text) showStatus();
}

/** Bring the status (what the page says of a move) into view when the page has been scrolled
 * away from it: on a narrow screen it stands above the board and the buttons below, and the
 * player who taps one of them reads the answer without scrolling back. */
function showStatus() {
  const status = $("status");
  const box = status.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) status.scrollIntoView({ block: "nearest" });
}

/** The address that deals the board of `state` on `seed`: its level (or size), rule and seed. */
function addressOf(state, seed) {
  const params = new URLSearchParams();
  if (state.level) params.set("level", state.level);
  else for (const name of ["width", "height", "mines"]) params.set(name, String(state[name]));
  params.set("first_click", state.first_click);
  params.set("seed", seed);
  return `${location.pathname}?${params}`;
}

/** The address that replays the board of an ended game. */
function replayAddress(state) {
  return addressOf(state, state.finish.seed);
}

/** The seed the player chose for the game `state` (a replay link, an address, the Seed field),
 * as digits without leading zeros; null for a game on a random board. */
function chosenSeed(state) {
  const chosen = JSON.parse(localStorage.getItem(KEPT.chosen) || "null");
  return chosen && state && chosen.id === state.id ? chosen.seed : null;
}

/** Whether the address asks for the game on a chosen seed this browser plays (or, on a
 * reload, played last): then it is resumed, not dealt again. */
function playsHere() {
  try {
    const kept = client.kept();
    const seed = kept && chosenSeed(kept.state);
    if (seed === null || !kept) return false;
    const reload = performance.getEntriesByType("navigation")[0]?.type === "reload";
    const here = addressOf(kept.state, seed) === `${location.pathname}${location.search}`;
    return here && (reload || kept.state.status === "playing");
  } catch {
    return false; // a kept state this page cannot read: the address's game is dealt
  }
}

/** Say whether the game shown counts in the records, and put its address in the address bar:
 * with its seed when the player chose it (the address deals that board again), else the page's
 * own (a reload resumes the game). */
function showChosen(state) {
  const seed = chosenSeed(state);
  $("chosen").textContent =
    seed === null
      ? ""
      : "A chosen seed (a replay): this game does not count in the records. " +
        "Empty the Seed field for a board that counts.";
  const address = seed === null ? location.pathname : addressOf(state, seed);
  if (`${location.pathname}${location.search}` !== address) history.replaceState(null, "", address);
}

/** Once a game has ended, offer the link that replays its board (the seed is only known, and
 * only shown, after the end) and, once it is won or lost, the one that watches it again; while
 * it is played neither is offered: following one then would take the player from the game. */
function showEndLinks(state) {
  offer($("replay"), state.finish ? replayAddress(state) : null);
  const over = state.status === "won" || state.status === "lost";
  offer($("watch-again"), over ? watchAddress(state.id) : null);
}

/** The level a board's size and mine count make, if a built-in one. */
function levelOf(state) {
  const found = levels.find(
    (level) =>
      level.width === state.width && level.height === state.height && level.mines === state.mines,
  );
  return found ? found.name : null;
}

/** The session's games as the records count them: won, lost and left (a loss too). */
function showTally() {
  $("tally").textContent = `This session: ${tally.won} won, ${tally.lost} lost, ${tally.left} left`;
}

function count(result, by = 1) {
  tally[result] += by;
  sessionStorage.setItem("gridpuzzles.tally", JSON.stringify(tally));
  showTally();
}

/** The record of the current game's level and first-click rule, in one line. */
async function showStats() {
  const current = game;
  const answer = await client.call("GET", "/records?history=0").catch(() => ({ records: [] }));
  if (game !== current) return; // another game came meanwhile
  const mine = answer.records.find(
    (record) => record.level === current.stats_level && record.first_click === current.first_click,
  );
  if (!mine) {
    $("stats").textContent = "";
    return;
  }
  const best = mine.best_times.length ? `, best ${seconds(mine.best_times[0].seconds)}` : "";
  const helped = mine.assisted_played
    ? `; assisted: ${mine.assisted_won}/${mine.assisted_played} won`
    : "";
  $("stats").textContent =
    `${recordName(mine)}: ${mine.played} played, ${mine.won} won${best}${helped}`;
}

// ---- statistics ------------------------------------------------------------------------------

const dash = "–";

function seconds(value) {
  return value === null ? dash : `${value.toFixed(1)} s`;
}

function rate(value) {
  return value === null ? dash : value.toFixed(2);
}

function percent(value) {
  return value === null ? dash : `${(value * 100).toFixed(1)}%`;
}

/** A time in seconds since 1970 as the local day, 2025-01-31. */
function day(at) {
  const date = new Date(at * 1000);
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** A level and its first-click rule: "expert, opening" (no-guess levels already say theirs). */
function recordName(record) {
  return record.level.endsWith(record.first_click)
    ? record.level
    : `${record.level}, ${record.first_click}`;
}

/** A table of `rows` under `headings`; each cell keeps its heading (shown beside it on a
 * phone, where a row becomes a card). A cell is text or a DOM node. */
function table(caption, headings, rows) {
  const element = document.createElement("table");
  element.className = "records";
  element.createCaption().textContent = caption;
  const head = element.createTHead().insertRow();
  for (const heading of headings) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = heading;
    head.append(th);
  }
  const body = element.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    row.forEach((value, column) => {
      const td = tr.insertCell();
      td.dataset.label = headings[column];
      if (value instanceof Node) td.append(value);
      else td.textContent = value;
    });
  }
  return element;
}

function replayLink(played) {
  const params = new URLSearchParams();
  const name = levelOf(played);
  if (name) params.set("level", name);
  else for (const key of ["width", "height", "mines"]) params.set(key, String(played[key]));
  params.set("first_click", played.first_click);
  params.set("seed", played.seed);
  const link = document.createElement("a");
  link.href = `${location.pathname}?${params}`;
  link.className = "replay-link";
  link.textContent = "Replay";
  link.title = `The same board again (seed ${played.seed})`;
  link.setAttribute("aria-label", `Replay this board (seed ${played.seed})`);
  return link;
}

/** The link that watches a listed game again, step by step. */
function watchLink(played) {
  const link = document.createElement("a");
  link.href = watchAddress(played.id);
  link.textContent = "Watch";
  link.title = "This game step by step, as it was played";
  link.setAttribute(
    "aria-label",
    `Watch this game again (${resultOf(played)}, ${seconds(played.seconds)}, ${day(played.ended_at)})`,
  );
  return link;
}

function resultOf(played) {
  const result = played.won ? "won" : played.abandoned ? "left" : "lost";
  return played.assisted ? `${result} (assisted)` : result;
}

function showRecords(answer) {
  const whose = document.createElement("p");
  whose.id = "whose-records";
  whose.textContent = answer.per_player
    ? "The games played in this browser: each browser keeps its own records on this server."
    : "Every game played on this server counts here.";
  const parts = [whose];
  parts.push(
    table(
      "Per level, games without help (streak: wins in a row now, and the best)",
      [
        "Level, rule",
        "Games",
        "Won",
        "Win %",
        "Streak",
        "Best",
        "3BV/s",
        "Avg win",
        "Assisted won",
      ],
      answer.records.length
        ? answer.records.map((record) => [
            recordName(record),
            String(record.played),
            String(record.won),
            percent(record.win_rate),
            `${record.current_streak} (${record.best_streak})`,
            seconds(record.best_times.length ? record.best_times[0].seconds : null),
            rate(record.best_three_bv_per_second),
            seconds(record.average_win_seconds),
            record.assisted_played ? `${record.assisted_won}/${record.assisted_played}` : dash,
          ])
        : [["No game finished yet", "", "", "", "", "", "", "", ""]],
    ),
  );
  for (const record of answer.records) {
    if (!record.best_times.length) continue;
    const best = table(
      `Best times: ${recordName(record)}`,
      ["#", "Time", "3BV/s", "Day"],
      record.best_times.map((time, rank) => [
        `${rank + 1}.`,
        seconds(time.seconds),
        rate(time.three_bv_per_second),
        day(time.ended_at),
      ]),
    );
    best.classList.add("best-times");
    parts.push(best);
  }
  if (answer.history.length) {
    const latest = table(
      "Latest games",
      ["Level", "Result", "Time", "3BV", "3BV/s", "Clicks", "Eff.", "Board", "Game"],
      answer.history.map((played) => [
        recordName(played),
        resultOf(played),
        seconds(played.seconds),
        played.three_bv === null ? dash : String(played.three_bv),
        rate(played.three_bv_per_second),
        String(played.clicks),
        played.won && played.three_bv && played.clicks
          ? `${Math.round((played.three_bv / played.clicks) * 100)}%`
          : dash,
        replayLink(played),
        watchLink(played),
      ]),
    );
    latest.id = "history";
    parts.push(latest);
  }
  $("statistics-body").replaceChildren(...parts);
}

async function openStatistics() {
  const dialog = $("statistics");
  try {
    showRecords(await client.call("GET", "/records?history=20"));
  } catch (error) {
    const failed = document.createElement("p");
    failed.className = "error";
    failed.textContent = `The statistics cannot be shown: ${error.message}`;
    $("statistics-body").replaceChildren(failed);
  }
  if (!dialog.open) dialog.showModal();
  dialog.dataset.loaded = "true";
}

// ---- talking to the server -------------------------------------------------------------------

function accept(state) {
  const ended =
    game &&
    !game.provisional &&
    game.id === state.id &&
    game.status === "playing" &&
    state.status !== "playing";
  const reopened = game?.id === state.id && game.status === "lost" && state.status === "playing";
  // The overlay belongs to one game: another game, or the end of this one, turns it off.
  if (!game || game.id !== state.id || state.status !== "playing") overlayOn = false;
  game = state;
  receivedAt = performance.now();
  hinted = -1;
  chances = marks = safety = null;
  hideChanceLabel();
  client.keep(state); // what the player sees: the view never shows a hidden mine
  draw();
  showEndLinks(state);
  showChosen(state);
  $("assisted").hidden = !state.assisted;
  if (overlayOn) showChances();
  if (ended) {
    count(state.status);
    showStats();
  }
  if (game && reopened) count("lost", -1); // its mine was undone: the loss is taken back
  const helped = state.assisted ? "assisted: not a record; " : "";
  if (state.status === "won") {
    const r = state.finish;
    const efficiency =
      r.efficiency === null ? "" : `, efficiency ${Math.round(r.efficiency * 100)}%`;
    say(
      `You won in ${state.elapsed.toFixed(1)} s (${helped}3BV ${r.three_bv}${efficiency}; seed ${r.seed}).`,
    );
  } else if (state.status === "left") {
    say("You left this game: it counts as a loss. Click the face for a new game.");
  } else if (state.status === "lost") {
    say(
      `Boom! Game lost (${helped}seed ${state.finish.seed}). Click the face for a new game, or Undo to take back the mine.`,
    );
  }
}

/** Draw `state` before the server has answered (the game as last seen, or the board of a new
 * game), its clock run from `at` (Date.now() when the server sent it). Moves made on it wait
 * in the queue for the server's game. */
function provisional(state, at = Date.now()) {
  game = { ...state, provisional: true };
  receivedAt = performance.now() - Math.max(0, Date.now() - at);
  draw();
}

/** No game to show (the server refused it, or cannot be reached): no board either. */
function unshow() {
  game = null;
  board.replaceChildren();
  for (const led of [$("mines-left"), $("timer")]) {
    led.replaceChildren();
    led.removeAttribute("aria-label");
    delete led.dataset.value;
  }
}

/** Help was given on the game `current`: whether it is assisted now is the server's to say,
 * in the help's `answer` (help before the first reveal marks nothing), and so is its version
 * (the help that marks the game is a step of its log: the next move sends the new one). */
function helped(current, answer) {
  if (game !== current) return;
  game.assisted = answer.assisted;
  game.version = Math.max(game.version, answer.version);
  $("assisted").hidden = !game.assisted;
}

/** Run `request` (given the game) after the requests before it, on a game that takes it:
 * `takes(game)`, by default a game being played (an undo, a redo: as the server's state says). */
function enqueue(request, quietConflict = false, takes = (shown) => shown.status === "playing") {
  return client.run(async () => {
    if (!game || game.provisional || !takes(game)) return;
    const current = game;
    try {
      await request(current);
    } catch (error) {
      // 409: the move does not fit the game as the server has it, which may have moved on in
      // another tab (ended, or left for a new game): show the game as it is now.
      const movedOn = error.status === 409 && (await follow());
      if (movedOn && game.id !== current.id) say("Another tab started a new game: this is it.");
      else if (movedOn && game.status !== "playing")
        return; // accept said how it ended
      else if (!(quietConflict && error.status === 409)) say(error.message, true);
    }
  });
}

/** Show the game of this browser as the server has it now: this tab's game, or the one
 * another tab moved on to (its id is kept in localStorage, which the tabs share). Resolves to
 * whether the game shown changed (another game, or its end). */
async function follow() {
  const id = client.keptId() || game?.id;
  if (!id) return false;
  let state;
  try {
    state = await client.game(id);
  } catch {
    return false; // gone, or not this browser's: keep what is shown
  }
  const another = !game || state.id !== game.id;
  const changed = another || state.status !== game.status;
  if (another) showSettings(state);
  if (changed || state.view.join("") !== game.view.join("")) accept(state);
  if (another) showStats();
  return changed;
}

/** `follow` after the requests on their way (a tab shown again, say). */
function followSoon() {
  return client.run(follow, () => false);
}

/** Say `text` to a screen reader (the page's hidden live region): what a move did. */
function speak(text) {
  $("spoken").textContent = text;
}

/** What the move `move` (as sent) did, in words, from the state before and after it. */
function moveWords(move, before, after) {
  const [, action, row, col] = move.match(/^([rfc])(\d+),(\d+)$/);
  const symbol = after.view[Number(row)][Number(col)];
  const place = where(Number(row), Number(col));
  const mines = `${after.mines_left} ${after.mines_left === 1 ? "mine" : "mines"} left`;
  if (action === "f") {
    const done = {
      F: "Flagged",
      "?": "Question mark on",
      "#": before.view[Number(row)][Number(col)] === "?" ? "Cleared" : "Unflagged",
    };
    return `${done[symbol] || "Marked"} ${place}; ${mines}`;
  }
  const hidden = (state) => state.view.join("").replace(/[^#F?]/g, "").length;
  const opened = hidden(before) - hidden(after);
  const more = opened > 1 ? `; ${opened} cells opened` : "";
  if (action === "c") return `Opened ${opened} ${opened === 1 ? "cell" : "cells"} around ${place}`;
  return `${place}: ${SYMBOL_WORDS[symbol] || symbol}${more}`;
}

function send(move, quietConflict = false) {
  return enqueue(async (current) => {
    // with the move count this tab saw: a move chosen on a board another tab (or another
    // server) has moved on from is refused with 409, and `enqueue` shows the game as it is now
    const body = { move, version: current.version };
    accept(await client.call("POST", `/games/${current.id}/moves`, body));
    speak(moveWords(move, current, game));
    if (game.status === "playing") say("");
  }, quietConflict);
}

/** Undo the latest move (also the mine that lost the game: the loss is taken back) or redo
 * the latest undo; either makes the game assisted. */
function rewind(step) {
  return enqueue(
    async (current) => {
      accept(
        await client.call("POST", `/games/${current.id}/${step}`, { version: current.version }),
      );
      const done = step === "undo" ? "Undone: the last move is taken back" : "Redone";
      if (game.status === "playing") say(`${done}; this game is assisted.`);
      speak(`${done}.`);
    },
    false,
    (shown) => (step === "undo" ? shown.can_undo : shown.can_redo),
  );
}

function playMove() {
  return enqueue(async (current) => {
    const played = await client.call("POST", `/games/${current.id}/auto-move`);
    const [, action, row, col] = played.move.match(/^([rfc])(\d+),(\d+)$/);
    const before = current.view[Number(row)][Number(col)];
    const verb = action !== "f" ? "Played" : before === "F" ? "Unflagged" : "Flagged";
    accept(played);
    if (game.status === "playing")
      say(`${verb} ${where(Number(row), Number(col))} — ${played.why}.`);
  });
}

function hint() {
  return enqueue(async (current) => {
    const advice = await client.call("GET", `/games/${current.id}/hint`);
    helped(current, advice);
    if (game !== current) return;
    hinted = advice.row * game.width + advice.col;
    draw();
    // The server's words, the same as every other shell says them.
    say(`Hint: ${advice.said}.`);
  });
}

/** Ask for the probabilities of the game shown. The first help of a game being played is a
 * step of its log (its version one more): the moves made meanwhile wait for it in the queue,
 * so that they are sent with the version it leaves; later ones mark nothing and wait for no
 * one. */
function showChances() {
  if (game.started && !game.assisted) return client.run(chancesNow);
  return chancesNow();
}

async function chancesNow() {
  const current = game;
  if (!current) return;
  try {
    const answer = await client.call("GET", `/games/${current.id}/probabilities`);
    helped(current, answer);
    if (game !== current || !overlayOn) return; // a newer answer came meanwhile, or it is off
    chances = answer.probabilities.flat();
    marks = answer.marks.flat();
    safety = answer.secondary_safety.flat();
    draw();
  } catch (error) {
    // An answer for a game that has moved on (ended, say: its result stays shown) is no news.
    if (game === current && game.status === "playing") say(error.message, true);
  }
}

let overlayOn = false; // the probability overlay, on for the game shown only

function toggleChances() {
  overlayOn = !overlayOn;
  chances = marks = safety = null;
  if (game) draw();
  if (overlayOn && game && !game.provisional && game.status === "playing") showChances();
}

/** Show a game's settings in the form, so that New game plays them again. */
function showSettings(state) {
  $("level").value = state.level || "custom";
  if (!state.level) for (const name of ["width", "height", "mines"]) $(name).value = state[name];
  $("no-guess").checked = state.first_click === "no-guess";
  if (state.first_click !== "no-guess") $("first-click").value = state.first_click;
  if (state.win_rule) $("win-rule").value = state.win_rule;
  $("question-marks").checked = Boolean(state.question_marks);
  $("seed").value = chosenSeed(state) ?? "";
  $("custom").hidden = Boolean(state.level);
  showRule();
  localStorage.setItem(KEPT.settings, JSON.stringify(settings()));
}

function settings() {
  const level = $("level").value;
  const chosen = {
    level,
    first_click: $("first-click").value,
    no_guess: $("no-guess").checked,
    win_rule: $("win-rule").value,
    question_marks: $("question-marks").checked,
  };
  if (level === "custom") {
    chosen.level = null;
    for (const name of ["width", "height", "mines"]) chosen[name] = Number($(name).value);
  }
  return chosen;
}

/** Tell the server the player leaves the game with `id`: once its first reveal is made it
 * counts as a loss (and in the session's tally, as "left"). An ended game is left as it is.
 * Resolves to an error message, or "" when all went well. */
async function leaveNow(id) {
  try {
    const state = await client.call("POST", `/games/${id}/leave`);
    if (state.status === "left" && state.started && !counted.has(id)) {
      counted.add(id); // a game left twice (another tab, a retry) is one game
      count("left");
    }
    return "";
  } catch (error) {
    return error.status === 404 ? "" : `The game you left was not recorded: ${error.message}`;
  }
}

/** `leaveNow` after the moves already sent. */
function leave(id) {
  return client.run(() => leaveNow(id));
}

/** Whether the game on the page is in play (the server's state says: started, not over):
 * leaving it is a loss. */
function leavingCosts() {
  return Boolean(game?.in_play);
}

/** Leave the game on the page, if it is being played after its first reveal (the one drawn
 * at once as last seen too: it is left once the server has answered for it). */
function leaveCurrent() {
  return leavingCosts() ? leave(game.id) : Promise.resolve("");
}

const counted = new Set(); // the games this page counted as left
/** Whether the player may leave the game on the page (`leave.mayLeave`): at once when leaving
 * it costs nothing, else when they say so. Keeping it puts the game's own settings back in the
 * form. */
function mayLeave() {
  return mayLeaveGame({
    costs: leavingCosts,
    current: () => game,
    kept: (asked) => {
      if (asked === game) showSettings(game);
    },
    say,
  });
}

/** Start a game with the form's settings, or, the first time, with those the address asks
 * for; a game being played is left first, once the player says so. */
async function newGame() {
  if (!(await mayLeave())) return;
  const asked = client.ask();
  const failure = await leaveCurrent();
  await create(asked, failure);
}

/** Follow a link that leaves the page (the Mondrian page, a replay of another board) once
 * the player has said to leave the game being played; the server then counts it as left. */
async function followLink(link) {
  if (!(await mayLeave())) return;
  const failure = await leaveCurrent();
  if (failure) {
    say(failure, true);
    return;
  }
  client.forget(); // left: the next page leaves nothing more
  location.assign(link.href);
}

/** What a new game asks the server for: the form's settings, or, the first time, what the
 * address asks for. */
function nextGame() {
  const chosen = settings();
  const body = {
    first_click: chosen.no_guess ? "no-guess" : chosen.first_click,
    win_rule: chosen.win_rule,
    question_marks: chosen.question_marks,
  };
  const seed = $("seed").value.trim();
  if (seed) body.seed = seed; // as text: the server checks it (and it keeps every digit)
  if (chosen.level) body.level = chosen.level;
  else Object.assign(body, { width: chosen.width, height: chosen.height, mines: chosen.mines });
  return requested ? withAddress(body, requested) : body;
}

/** Ask the server for the game `nextGame` describes and show it, unless a newer game was
 * asked for meanwhile (`asked`, as `client.ask` gave it). Resolves to whether it is shown;
 * `failure` is said once it is. */
async function create(asked, failure = "") {
  localStorage.setItem(KEPT.settings, JSON.stringify(settings()));
  const body = nextGame();
  const fromAddress = requested;
  requested = null;
  try {
    const created = await client.call("POST", "/games", body);
    if (!client.latest(asked)) return false; // a newer game was asked for meanwhile (this one is never started)
    if (body.seed !== undefined) {
      const seed = String(body.seed).replace(/^0+(?=[0-9])/, ""); // as the server reads it
      localStorage.setItem(KEPT.chosen, JSON.stringify({ id: created.id, seed }));
    }
    accept(created);
    if (fromAddress) showSettings(game);
    say(failure, Boolean(failure));
    showStats();
    return true;
  } catch (error) {
    if (!client.latest(asked)) return false;
    say(error.message, true);
    if (game?.provisional) unshow(); // what was drawn at once will not come
    return false;
  }
}

/** The board a new game asked with `body` (as `nextGame` makes it) starts with: all hidden.
 * Null when its size is not known before the server reads it. */
function hiddenBoard(body) {
  const { width, height, mines } = body.level
    ? levels.find((l) => l.name === body.level) || {}
    : body;
  const sides = [width, height].every(
    (side) => Number.isInteger(side) && side >= 1 && side <= maxSide,
  );
  if (!sides || !Number.isInteger(mines)) return null;
  return {
    id: null,
    level: body.level || null,
    width,
    height,
    mines,
    first_click: body.first_click,
    status: "playing",
    view: Array(height).fill("#".repeat(width)),
    mines_left: mines,
    elapsed: 0,
    started: false,
    version: 0,
    assisted: false,
    in_play: false,
    finish: null,
    win_rule: body.win_rule || "reveal",
    question_marks: Boolean(body.question_marks),
  };
}

/** The body of a new game with what the address asks for in place of the form's settings: a
 * level or a size replaces both, the seed is sent as the text it is (the server checks it). */
function withAddress(body, fromAddress) {
  const wanted = { ...fromAddress };
  const sizes = ["width", "height", "mines"];
  if ("level" in wanted || sizes.some((name) => name in wanted)) {
    for (const name of ["level", ...sizes]) delete body[name];
  }
  for (const name of sizes) {
    if (/^[0-9]{1,9}$/.test(wanted[name] || "")) wanted[name] = Number(wanted[name]);
  }
  return { ...body, ...wanted };
}

// ---- input -----------------------------------------------------------------------------------

/** The cell at `index` in a move's text: "row,col" (0-based, as the API reads it). */
function at(index) {
  return `${Math.floor(index / game.width)},${index % game.width}`;
}

/** A left click or Enter: reveal a hidden cell, chord a number. */
function open(index) {
  const symbol = symbolAt(index);
  if (game.status === "playing" && (symbol === "#" || symbol === "?")) send(`r${at(index)}`);
  else chord(index);
}

/** Chord the number at `index` when it is satisfied; anything else does nothing (and says
 * why, to a screen reader). */
function chord(index) {
  const symbol = symbolAt(index);
  if (satisfied(index)) send(`c${at(index)}`, true);
  else if (game.status !== "playing") speak(overWords());
  else if (/[1-8]/.test(symbol))
    speak(
      `${whereIndex(index)}: ${symbol}, ${flagsAround(index)} flagged around it: nothing to open`,
    );
  else if (symbol === "F") speak(`${whereIndex(index)} is flagged: unflag it first to open it`);
  else speak(`${whereIndex(index)}: ${SYMBOL_WORDS[symbol] || symbol}, nothing to open`);
}

/** Whether a chord on the number at `index` opens something: the server says where (its
 * `chordable` cells, each [row, column]); only there does a click on a number chord. */
function satisfied(index) {
  const [row, col] = [Math.floor(index / game.width), index % game.width];
  return (game.chordable || []).some(([r, c]) => r === row && c === col);
}

/** The symbols of the cells around the cell at `index`. */
function neighbourSymbols(index) {
  const row = Math.floor(index / game.width);
  const col = index % game.width;
  const around = [];
  for (let r = Math.max(0, row - 1); r <= Math.min(game.height - 1, row + 1); r++) {
    for (let c = Math.max(0, col - 1); c <= Math.min(game.width - 1, col + 1); c++) {
      if (r !== row || c !== col) around.push(symbolAt(r * game.width + c));
    }
  }
  return around;
}

/** Why a move on an ended game does nothing. */
function overWords() {
  return `The game is over (${game.status}): press F2 for a new game`;
}

/** How many flags the cell at `index` has around it. */
function flagsAround(index) {
  return neighbourSymbols(index).filter((symbol) => symbol === "F").length;
}

/** A right click, shift+click, long press or F: flag or unflag a hidden cell. */
function flag(index) {
  if (game.status === "playing" && "#F?".includes(symbolAt(index))) send(`f${at(index)}`);
  else if (game.status !== "playing") speak(overWords());
  else speak(`${whereIndex(index)} is open: only a hidden cell can be flagged`);
}

/** A click or tap: it flags a hidden cell in Flag mode, else it opens (or chords). */
function primary(index) {
  if (flagMode && "#F?".includes(symbolAt(index))) flag(index);
  else open(index);
}

/** A long press: the other action than a tap's. */
function secondary(index) {
  if (flagMode) open(index);
  else flag(index);
}

function setFlagMode(on) {
  flagMode = on;
  $("flag-mode").setAttribute("aria-pressed", String(on));
  board.classList.toggle("flag-mode", on);
}

function cellIndex(event) {
  return cellIndexOf(board, event);
}

function moveCursor(index) {
  cursor = index;
  if (game) draw();
}

const LABEL_MS = 1500; // how long a pressed cell's overlay number stays in its label
let flagMode = false; // Flag mode: a click or tap flags
let lastTouch = -Infinity; // when the last touch began or ended: its contextmenu is no flag
let pressTimer = null;
let longPressed = false;
let bothPressed = false; // left and right pressed together: releasing either chords
let chorded = false; // a press of both buttons chorded: the rest of that press does nothing

function listen() {
  board.addEventListener("click", (event) => {
    const index = cellIndex(event);
    if (index === null || !game || chorded) return;
    board.classList.remove("keyboard");
    moveCursor(index);
    if (event.shiftKey) flag(index);
    else primary(index);
  });
  board.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    const index = cellIndex(event);
    if (index === null || !game || chorded || event.buttons & 1) return; // left held: a chord
    if (performance.now() - lastTouch < 1000) return;
    moveCursor(index);
    flag(index);
  });
  board.addEventListener("mousedown", (event) => {
    if (event.button === 1) event.preventDefault(); // a middle click chords: no autoscroll
    if ((event.buttons & 3) === 3) bothPressed = true;
    else chorded = false; // a new press
    const index = cellIndex(event);
    if (event.button !== 0 || index === null || !game || game.status !== "playing") return;
    cells[index].classList.add("pressed");
    face.dataset.face = "worried";
  });
  document.addEventListener("mouseup", (event) => {
    for (const cell of board.querySelectorAll(".pressed")) cell.classList.remove("pressed");
    if (game) showFace(face, game.status);
    if (!bothPressed) return;
    bothPressed = false;
    chorded = true;
    const index = cellIndex(event);
    if (index !== null && game) chord(index);
  });
  board.addEventListener("auxclick", (event) => {
    const index = cellIndex(event);
    if (event.button !== 1 || index === null || !game) return;
    moveCursor(index);
    chord(index);
  });
  board.addEventListener("pointerover", (event) => {
    const index = cellIndex(event);
    if (event.pointerType === "mouse" && index !== null) showChanceLabel(index);
  });
  board.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") hideChanceLabel();
  });

  board.addEventListener(
    "touchstart",
    (event) => {
      const index = cellIndex(event);
      lastTouch = performance.now();
      longPressed = false;
      if (index === null || !game) return;
      showChanceLabel(index, LABEL_MS);
      pressTimer = setTimeout(() => {
        longPressed = true;
        if (navigator.vibrate) navigator.vibrate(30);
        secondary(index);
      }, LONG_PRESS_MS);
    },
    { passive: true },
  );
  const cancelPress = () => clearTimeout(pressTimer);
  board.addEventListener(
    "touchmove",
    () => {
      cancelPress();
      hideChanceLabel();
    },
    { passive: true },
  );
  board.addEventListener("touchcancel", cancelPress);
  board.addEventListener("touchend", (event) => {
    cancelPress();
    lastTouch = performance.now();
    if (longPressed) event.preventDefault(); // no click after a long press
  });
  $("board-frame").addEventListener("scroll", hideChanceLabel, { passive: true });
  window.addEventListener("resize", () => {
    if (game) fitBoard();
  });

  board.addEventListener("keydown", (event) => {
    if (!game) return;
    const step = steppedTo(event.key, cursor, game.width, game.height);
    if (step !== null) {
      board.classList.add("keyboard");
      moveCursor(step);
      cells[cursor].scrollIntoView({ block: "nearest", inline: "nearest" });
      showChanceLabel(cursor);
    } else if (event.key === " " || event.key === "Enter") {
      open(cursor);
    } else if (event.key === "f" || event.key === "F") {
      flag(cursor);
    } else if (/^[uyz]$/i.test(event.key) && !event.altKey && !event.metaKey) {
      // U or Ctrl+Z undoes, Y, Ctrl+Y or Ctrl+Shift+Z redoes: the keys of the Mondrian page
      const letter = event.key.toLowerCase();
      if ((letter === "z") !== event.ctrlKey && letter !== "y") return; // plain Z, Ctrl+U
      rewind(letter === "u" || (letter === "z" && !event.shiftKey) ? "undo" : "redo");
    } else {
      return;
    }
    event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "F2") {
      event.preventDefault();
      if (!$("leave").open) newGame();
    }
  });
  // A link away from this game (the Mondrian page, a replay of another board) asks first
  // when leaving the game costs the player a loss.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href]");
    if (!link || !leavingCosts() || event.defaultPrevented) return;
    const away = link.pathname === "/mondrian" || link.classList.contains("replay-link");
    if (!away || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    followLink(link);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") followSoon();
  });

  face.addEventListener("click", newGame);
  $("flag-mode").addEventListener("click", () => setFlagMode(!flagMode));
  $("play-move").addEventListener("click", playMove);
  $("undo").addEventListener("click", () => rewind("undo"));
  $("redo").addEventListener("click", () => rewind("redo"));
  $("hint").addEventListener("click", hint);
  $("overlay").addEventListener("click", toggleChances);
  $("open-statistics").addEventListener("click", openStatistics);
  $("close-statistics").addEventListener("click", () => $("statistics").close());
  $("settings").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  $("level").addEventListener("change", () => {
    $("custom").hidden = $("level").value !== "custom";
    if ($("level").value !== "custom") newGame(); // a level starts at once; a size waits for New game
  });
  $("first-click").addEventListener("change", newGame);
  $("win-rule").addEventListener("change", newGame);
  $("question-marks").addEventListener("change", newGame);
  $("zoom-in").addEventListener("click", zoomIn);
  $("zoom-out").addEventListener("click", zoomOut);
  $("zoom-fit").addEventListener("click", () => setZoom(null));
  $("import-file").addEventListener("change", importVideo);
  $("no-guess").addEventListener("change", () => {
    showRule();
    newGame();
  });
  setInterval(tick, 250);
}

// ---- a video brought in ---------------------------------------------------------------------

/** Send the video file chosen to the server, which keeps it as a game of its own, then open
 * the game's watch page; a file refused is told in words beside the control. The game in play
 * stays as it is (the page resumes it on the way back). */
async function importVideo() {
  const input = $("import-file");
  const file = input.files[0];
  if (!file) return;
  const said = $("import-said");
  said.classList.remove("error");
  said.textContent = `Reading ${file.name}…`;
  try {
    const name = encodeURIComponent(file.name);
    const imported = await client.call("POST", `/imports?name=${name}`, file);
    said.textContent = `${file.name} is kept: opening it to watch…`;
    location.assign(imported.watch);
  } catch (error) {
    // A file refused is named in the server's words; any other refusal is named here.
    const why = error.status === 422 ? error.message : `${file.name}: ${error.message}`;
    said.textContent = `Not imported: ${why}.`;
    said.classList.add("error");
  } finally {
    input.value = ""; // the same file, chosen again, is sent again
  }
}

// ---- start -----------------------------------------------------------------------------------

function fillLevels(options) {
  levels = options.levels;
  bands = options.risk_bands;
  fillLegend($("overlay-legend"), bands);
  maxSide = options.max_side;
  const select = $("level");
  for (const level of options.levels) {
    select.add(
      new Option(`${level.name} (${level.width}x${level.height}, ${level.mines})`, level.name),
    );
  }
  select.add(new Option("custom", "custom"));
  for (const name of ["width", "height"]) $(name).max = options.max_side;
  const saved = JSON.parse(localStorage.getItem(KEPT.settings) || "null");
  if (saved) {
    select.value = saved.level || "custom";
    $("first-click").value = saved.first_click;
    $("no-guess").checked = Boolean(saved.no_guess);
    if (saved.win_rule) $("win-rule").value = saved.win_rule;
    $("question-marks").checked = Boolean(saved.question_marks);
    for (const name of ["width", "height", "mines"]) if (saved[name]) $(name).value = saved[name];
  }
  $("custom").hidden = select.value !== "custom";
  showRule();
}

/** No-guess boards always open an area at the first click: the first-click choice rests. */
function showRule() {
  $("first-click").disabled = $("no-guess").checked;
}

/** Draw at once what the server is about to send: the game this browser plays as last seen,
 * or the all-hidden board of the new game about to be asked for (a new game is all hidden). */
function showAtOnce() {
  try {
    const kept = requested ? null : client.kept(); // a replay link starts a new game
    const shown = kept ? kept.state : hiddenBoard(nextGame());
    if (shown) provisional(shown, kept ? kept.at : Date.now());
  } catch {
    unshow(); // a kept state this page cannot read (an older page's, say): the server's will do
  }
}

/** Show the game in play in this browser, unless a new game was asked for since `asked`;
 * resolves to whether there is one (not gone, nor started in another browser). */
function resume(asked) {
  return client.resume(asked, (state) => {
    accept(state);
    showStats();
  });
}

/** The first game: the one this browser plays, else a new one. Runs as the first request of
 * the queue: moves made on the board drawn at once wait for it. */
async function first(options) {
  const asked = client.asked;
  if (!options) {
    try {
      fillLevels(await client.call("GET", "/options"));
    } catch (error) {
      say(error.message, true);
      unshow();
      return;
    }
    if (!game) showAtOnce();
  }
  if (requested) {
    // A replay address (a link, or typed by hand) starts a new game. The game this browser
    // was playing is left first: once the player says so, when leaving it is a loss.
    const id = client.keptId();
    if (id && (await resume(asked)) && leavingCosts() && !(await mayLeave())) {
      requested = null; // kept playing: the address's game is not started
    } else {
      if (id) await leaveNow(id);
      if (client.latest(asked)) await create(client.ask());
    }
  } else if (!(await resume(asked)) && client.latest(asked)) {
    await create(client.ask());
  }
  // The address of the game shown, its seed in it and in the Seed field when the player chose
  // it: a reload resumes the game rather than restarts it.
  if (game && !game.provisional) showChosen(game);
  else history.replaceState(null, "", location.pathname);
  if (chosenSeed(game) !== null) $("seed").value = chosenSeed(game);
  document.body.dataset.ready = "true";
}

function start() {
  showFace(face, "playing");
  listen();
  setZoom(null);
  showTally();
  const options = fromPage("minesweeper-options");
  if (options) fillLevels(options);
  showAtOnce();
  client.run(() => first(options));
}

start();
