// The watch page: a finished game step by step, from the replay the server wrote into the page
// (the API's answer to GET /api/{puzzle}/games/{id}/replay). Each step is drawn the way the
// game page draws a game (mines-board.js, mondrian-board.js); the steps play at the game's own
// pace or faster, or are stepped by hand, and a screen reader hears each step taken by hand.
// A Minesweeper game's review by the solver (GET /api/minesweeper/games/{id}/review) is asked
// for once the first step is on the screen: each move's verdict then stands under it, and the
// review's summary below the controls.

import { api, fromPage } from "./api.js";
import { showNumber } from "./led.js";
import { buildCells, cellsFit, drawView, showFace, TIMER_MOST } from "./mines-board.js";
import { blocksOn, drawBlocks, duration } from "./mondrian-board.js";
import { where } from "./words.js";

const LONGEST_PAUSE = 3; // seconds: a player who stopped for a while is not waited for
const SHORTEST_FRAME_MS = 16; // steps made in the same instant are still drawn one by one

const $ = (id) => document.getElementById(id);
const seek = $("seek");
const watched = fromPage("watch-game"); // {puzzle, id, page, name}
const replay = fromPage("watch-replay"); // {id, start, steps: [{number, move, said, at, state}]}
const states = replay ? [replay.start, ...replay.steps.map((step) => step.state)] : [];
const last = states.length - 1; // the number of steps: states[k] is the game after step k
const mines = watched?.puzzle === "minesweeper";

let shown = 0; // the step shown: 0 is the start, k the game after its k-th step
let playing = null; // while playing: the timeout that shows the next step
let cells = []; // the Minesweeper board's cells by index
// The solver's review of a Minesweeper game: null while it is being made, then its judged
// moves by their step's number in the log and its summary, or why there is none.
let review = null; // {judged: Map(number -> move), summary} | {failed: words}

// ---- drawing -------------------------------------------------------------------------------

function drawMines(state) {
  const board = $("mines-board");
  if (!cellsFit(board, cells, state.width, state.height)) {
    cells = buildCells(board, state.width, state.height);
  }
  drawView(cells, state);
  showNumber($("mines-left"), state.mines_left);
  showNumber($("timer"), Math.floor(state.elapsed), TIMER_MOST);
  showFace($("face"), state.status);
}

function drawMondrian(state) {
  const board = $("mondrian-board");
  drawBlocks(board, state.board, blocksOn(state));
  board.classList.toggle("solved", Boolean(state.finish));
}

/** The game's clock: minutes, seconds and tenths, "1:05.3". */
function clock(seconds) {
  const tenths = Math.floor(seconds * 10 + 1e-6); // 2.3 s is 23 tenths, not 22.99…
  return `${duration(Math.floor(tenths / 10))}.${tenths % 10}`;
}

/** What the game had come to at the end, in words. */
function outcome() {
  const end = states[last];
  const after = clock(end.elapsed);
  const helped = end.assisted ? " with help" : "";
  if (!mines) {
    const moves = count(end.moves, "move");
    return end.finish ? `Solved${helped} in ${after} (${moves}).` : `Not solved (${moves}).`;
  }
  if (end.status === "won") return `Won${helped} in ${after}.`;
  if (end.status === "left") return `Left unfinished after ${after}: a loss.`;
  const exploded = end.result?.exploded;
  const on = exploded ? ` on the mine at ${where(...exploded)}` : "";
  return `Lost${on} after ${after}.`;
}

/** Step `index` in words, as a screen reader hears it (its verdict once the review has come,
 * the outcome at the end). */
function stepWords(index) {
  if (index === 0) return `The start, before the first move; ${count(last, "step")} to watch.`;
  const judged = judgedAt(index);
  const verdict = judged ? ` ${sentence(verdictSaid(judged))}.` : "";
  const words = `Step ${index} of ${last}: ${replay.steps[index - 1].said}.${verdict}`;
  return index === last ? `${words} ${outcome()}` : words;
}

/** `words` with a capital first. */
function sentence(words) {
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

function count(number, noun) {
  return `${number} ${noun}${number === 1 ? "" : "s"}`;
}

/** Show the game after step `index` (0: the start); `spoken`: say it to a screen reader. */
function show(index, spoken = false) {
  shown = Math.max(0, Math.min(last, index));
  const state = states[shown];
  if (mines) drawMines(state);
  else drawMondrian(state);
  $("position").textContent = shown === 0 ? `Start (0 of ${last})` : `Step ${shown} of ${last}`;
  $("said").textContent =
    shown === 0 ? "Before the first move" : sentence(replay.steps[shown - 1].said);
  $("clock").textContent = clock(state.elapsed);
  $("facts").textContent = mines
    ? `${count(state.mines_left, "mine")} left to flag`
    : `${count(state.moves, "move")} made`;
  if (mines) showVerdict();
  seek.value = String(shown);
  seek.setAttribute("aria-valuetext", shown === 0 ? "the start" : `step ${shown} of ${last}`);
  for (const [id, end] of [
    ["first", 0],
    ["back", 0],
    ["forward", last],
    ["last", last],
  ]) {
    // aria-disabled, not disabled: the button keeps the keyboard's focus at either end
    $(id).setAttribute("aria-disabled", String(shown === end));
  }
  if (spoken) $("spoken").textContent = stepWords(shown);
}

// ---- the solver's review (Minesweeper) ------------------------------------------------------

/** `value` with `digits` decimals, a tie rounded to even as Python's format rounds it: the
 * page says the figures that `gridpuzzles review` prints (12.5% is "12%" in both). */
function fixed(value, digits) {
  const scaled = value * 10 ** digits;
  let whole = Math.round(scaled);
  if (whole - scaled === 0.5 && whole % 2 !== 0) whole -= 1;
  return (whole / 10 ** digits).toFixed(digits);
}

/** A chance as a whole percentage, never rounded to a certainty it is not ("<1%", ">99%"):
 * the rule of the mid-end's `percent`, by which every other shell says a verdict. */
function percent(chance) {
  const value = 100 * chance;
  if (chance === 0 || chance === 1 || (value >= 1 && value <= 99)) return `${fixed(value, 0)}%`;
  return value < 1 ? "<1%" : ">99%";
}

/** A judged move's verdict as every shell says it (the mid-end's `verdict_words`), "Fault: "
 * before a fault: "Fault: a needless guess (a cell was certainly safe); 23% risk, the least
 * there was 0%". */
function verdictSaid(judged) {
  let words = judged.words;
  if (judged.risk !== null && judged.least_risk !== null) {
    words += `; ${percent(judged.risk)} risk, the least there was ${percent(judged.least_risk)}`;
  }
  return judged.fault ? `Fault: ${words}` : `Verdict: ${words}`;
}

/** The judged move of step `index` (undo and redo are not judged), or null (no review yet). */
function judgedAt(index) {
  if (!review?.judged || index === 0) return null;
  return review.judged.get(replay.steps[index - 1].number) || null;
}

/** The faults of the review, as the steps of the replay that made them. */
function faultSteps() {
  return replay.steps
    .map((step, at) => (review.judged.get(step.number)?.fault ? at + 1 : 0))
    .filter(Boolean);
}

/** The sign of a fault, beside its word (a screen reader hears the word only). */
function faultSign() {
  const sign = document.createElement("span");
  sign.className = "fault-sign";
  sign.setAttribute("aria-hidden", "true");
  sign.textContent = "✗ ";
  return sign;
}

/** Under the move shown, what the review says of it: "Reviewing…" until it has come, why
 * there is none if it failed; a fault is marked by its sign and its word, not by colour. */
function showVerdict() {
  const line = $("verdict");
  const judged = judgedAt(shown);
  line.classList.toggle("fault", Boolean(judged?.fault));
  if (judged?.fault) line.replaceChildren(faultSign(), verdictSaid(judged));
  else if (judged) line.textContent = verdictSaid(judged);
  else if (review === null) line.textContent = "Reviewing…";
  else if (review.failed)
    line.textContent = `The solver's review cannot be shown: ${review.failed}. The steps can still be watched.`;
  else if (shown === 0)
    line.textContent = `Reviewed: ${count(review.summary.moves, "move")}, ${count(faultSteps().length, "fault")}.`;
  else line.textContent = "Undo and redo are not judged.";
}

/** The review's summary below the controls: its figures, and its faults, each a button that
 * goes to its step. */
function showSummary() {
  const { summary } = review;
  const figures = [
    ["Moves", String(summary.moves)],
    ["Guesses", String(summary.guesses)],
    ["Needless guesses", String(summary.needless_guesses)],
    [
      "Risk taken",
      `${fixed(summary.pluck, 2)}, the least possible ${fixed(summary.least_pluck, 2)}`,
    ],
    ["Accuracy", `${fixed(summary.accuracy * 100, 0)}%`],
  ];
  $("review-summary").replaceChildren(
    ...figures.flatMap(([name, value]) => {
      const term = document.createElement("dt");
      term.textContent = name;
      const detail = document.createElement("dd");
      detail.textContent = value;
      return [term, detail];
    }),
  );
  const faults = faultSteps();
  const buttons = faults.map((index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.append(faultSign(), `Step ${index}`);
    button.title = verdictSaid(judgedAt(index));
    button.addEventListener("click", () => go(index));
    return button;
  });
  $("review-faults").replaceChildren(
    faults.length ? "Faults, each at its step:" : "No fault.",
    ...buttons,
  );
  $("review").hidden = false;
}

/** Ask the server for the solver's review of the game, and show it. */
async function loadReview() {
  try {
    const answer = await api(
      "GET",
      `/api/minesweeper/games/${encodeURIComponent(watched.id)}/review`,
    );
    review = {
      judged: new Map(answer.moves.map((move) => [move.number, move])),
      summary: answer.summary,
    };
    showSummary();
  } catch (error) {
    review = { failed: error.message };
  }
  showVerdict();
}

// ---- playing -------------------------------------------------------------------------------

/** When step `index` was made: seconds after the game was created (0 for the start). */
function madeAt(index) {
  return index === 0 ? 0 : replay.steps[index - 1].at;
}

function speed() {
  return Number($("speed").value);
}

/** Show the next step after the pause the player made before it (at the speed chosen). */
function playOn() {
  const wait = Math.min(LONGEST_PAUSE, Math.max(0, madeAt(shown + 1) - madeAt(shown)));
  playing = setTimeout(
    () => {
      show(shown + 1);
      if (shown < last) playOn();
      else pause(true);
    },
    Math.max(SHORTEST_FRAME_MS, (wait * 1000) / speed()),
  );
}

function play() {
  if (playing || last === 0) return;
  if (shown === last) show(0); // played to the end: from the start again
  $("play").textContent = "Pause";
  playOn();
}

/** Stop playing; `said`: tell where it stopped (the end, or the step paused at). */
function pause(said = false) {
  if (!playing) return;
  clearTimeout(playing);
  playing = null;
  $("play").textContent = "Play";
  if (said)
    $("spoken").textContent = shown === last ? stepWords(last) : `Paused. ${stepWords(shown)}`;
}

function playOrPause() {
  if (playing) pause(true);
  else play();
}

/** Go to step `index` by hand: playing stops, and the step is said. */
function go(index) {
  pause();
  show(index, true);
}

// ---- input ---------------------------------------------------------------------------------

const KEYS = {
  ArrowLeft: () => go(shown - 1),
  ArrowRight: () => go(shown + 1),
  Home: () => go(0),
  End: () => go(last),
  " ": playOrPause,
};

function listen() {
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(shown - 1));
  $("play").addEventListener("click", playOrPause);
  $("forward").addEventListener("click", () => go(shown + 1));
  $("last").addEventListener("click", () => go(last));
  seek.addEventListener("input", () => go(Number(seek.value)));
  document.addEventListener("keydown", (event) => {
    const action = KEYS[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.tagName === "SELECT") return; // its arrows choose a speed
    // Space presses the button (or opens the help) that has the focus
    if (event.key === " " && (target.tagName === "BUTTON" || target.tagName === "SUMMARY")) return;
    event.preventDefault();
    action();
  });
}

// ---- start -----------------------------------------------------------------------------------

/** Keep the stylesheet of the puzzle watched, and its view; the other puzzle's go. */
function keepPuzzle(puzzle) {
  for (const link of document.querySelectorAll("link[data-puzzle]")) {
    if (link.dataset.puzzle !== puzzle) link.remove();
  }
  $(mines ? "mondrian-view" : "mines-view").remove();
  $(mines ? "mines-view" : "mondrian-view").hidden = false;
  // the solver reviews Minesweeper games only: a Mondrian game's page says nothing of it
  if (mines) $("verdict").hidden = false;
  else for (const id of ["verdict", "review"]) $(id).remove();
}

function start() {
  if (!watched || !replay) {
    $("said").textContent = "There is no game on this page to watch.";
    return;
  }
  keepPuzzle(watched.puzzle);
  const end = states[last];
  const what = mines
    ? end.level || `${end.width}x${end.height}, ${count(end.mines, "mine")}`
    : end.title;
  $("title").textContent = `${watched.name}: ${what}`;
  document.title = `Watching ${watched.name} ${watched.id} · gridpuzzles`;
  $("game-page").href = watched.page;
  $("game-page").textContent = `Back to ${watched.name}`;
  $("outcome").textContent = outcome();
  seek.max = String(last);
  listen();
  show(0);
  document.body.dataset.ready = "true";
  // The review may take a second of the solver's: the board's first frame never waits for it.
  if (mines) afterFirstPaint(loadReview);
}

/** Run `work` once the browser has painted the page for the first time (its own paint timing
 * says when; a browser without it runs it after the first frame). */
function afterFirstPaint(work) {
  if (!PerformanceObserver.supportedEntryTypes.includes("paint")) {
    requestAnimationFrame(() => setTimeout(work));
    return;
  }
  const painted = new PerformanceObserver(() => {
    painted.disconnect();
    work();
  });
  painted.observe({ type: "paint", buffered: true });
}

start();
