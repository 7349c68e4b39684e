// The watch page: a finished game step by step, from the replay the server wrote into the page
// (the API's answer to GET /api/{puzzle}/games/{id}/replay). Each step is drawn the way the
// game page draws a game (mines-board.js, mondrian-board.js); the steps play at the game's own
// pace or faster, or are stepped by hand, and a screen reader hears each step taken by hand.
// The solver's review of the game (GET /api/{puzzle}/games/{id}/review) is asked for once the
// first step is on the screen: each step's verdict then stands under it (a Minesweeper move's
// judgment, or the solutions a Mondrian step left), and the review's summary below the
// controls, its faults (a Mondrian game's dead ends) as buttons that go to their steps.
// Then each guess of a Minesweeper game is weighed, one request at a time
// (GET /api/minesweeper/games/{id}/review/guesses/{number}: seconds each on an expert board),
// with a progress bar: what it gave away of the chance to win joins its verdict, and the
// summary counts the inaccuracies, mistakes and blunders as they come. A Minesweeper step
// opens in the analysis board ("Analyse this position"), as the player saw it then.

import { api, fromPage } from "./api.js";
import { showNumber } from "./led.js";
import { mineText } from "./mine-text.js";
import { buildCells, cellsFit, drawView, showFace, TIMER_MOST } from "./mines-board.js";
import { blocksOn, drawBlocks, duration } from "./mondrian-board.js";
import { where } from "./words.js";

const LONGEST_PAUSE = 3; // seconds: a player who stopped for a while is not waited for
const SHORTEST_FRAME_MS = 16; // steps made in the same instant are still drawn one by one

const $ = (id) => document.getElementById(id);
const seek = $("seek");
const watched = fromPage("watch-game"); // {puzzle, id, page, name, videos, no_video}
// {id, start, steps: [{number, move, said, at, state}], imported_from (a Minesweeper game's)}
const replay = fromPage("watch-replay");
const states = replay ? [replay.start, ...replay.steps.map((step) => step.state)] : [];
const last = states.length - 1; // the number of steps: states[k] is the game after step k
const mines = watched?.puzzle === "minesweeper";

let shown = 0; // the step shown: 0 is the start, k the game after its k-th step
let playing = null; // while playing: the timeout that shows the next step
let cells = []; // the Minesweeper board's cells by index
// The solver's review of the game: null while it is being made, then its judged steps by their
// number in the log (a Minesweeper game's moves, every step of a Mondrian game) and its
// summary, or why there is none.
let review = null; // {judged: Map(number -> judged step), summary} | {failed: words}
let faultButtons = []; // the review's faults, each a button with its step: [[button, index]]

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
  const exploded = end.finish?.exploded;
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
  if (mines) {
    drawMines(state);
    showAnalysisLink();
  } else drawMondrian(state);
  $("position").textContent = shown === 0 ? `Start (0 of ${last})` : `Step ${shown} of ${last}`;
  $("said").textContent =
    shown === 0 ? "Before the first move" : sentence(replay.steps[shown - 1].said);
  $("clock").textContent = clock(state.elapsed);
  $("facts").textContent = mines
    ? `${count(state.mines_left, "mine")} left to flag`
    : `${count(state.moves, "move")} made`;
  showVerdict();
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

/** The link that opens the step shown in the analysis board (a Minesweeper game's): its
 * position as the player saw it then, as .mine text with the board's mine count. A step whose
 * board shows the mines (the losing move) holds no position in play: the link opens the one
 * before it. */
function showAnalysisLink() {
  const link = $("analyse-step");
  const showsMines = (state) => state.view.some((row) => /[*X]/.test(row));
  const at = showsMines(states[shown]) ? shown - 1 : shown;
  link.textContent =
    at === shown ? "Analyse this position" : "Analyse the position before this move";
  link.href = `/analysis?${new URLSearchParams({ position: mineText(states[at]) })}`;
}

// ---- the solver's review --------------------------------------------------------------------

const EXACT = 30; // more decimals than a double's error reaches at these sizes

/** `value` (not below 0) with `digits` decimals as Python's format writes it: the nearest,
 * judged on the float's exact value (0.05 is a little over, so "0.1"), and an exact tie to the
 * even digit (12.5 is "12"): the page says the figures that `gridpuzzles review` prints.
 * (Multiplying first would make 0.05 * 10 an exact tie.) */
function fixed(value, digits) {
  const exact = value.toFixed(digits + EXACT);
  if (exact.slice(-EXACT) !== `5${"0".repeat(EXACT - 1)}`) return value.toFixed(digits);
  const kept = exact.slice(0, -EXACT).replace(/\.$/, "");
  const even = Number(kept.at(-1)) % 2 === 0;
  return even ? kept : value.toFixed(digits); // toFixed takes a tie up: to the even digit
}

/** A chance as a whole percentage, never rounded to a certainty it is not ("<1%", ">99%"):
 * the rule of the mid-end's `percent`, by which every other shell says a verdict. */
function percent(chance) {
  const value = 100 * chance;
  if (chance === 0 || chance === 1 || (value >= 1 && value <= 99)) return `${fixed(value, 0)}%`;
  return value < 1 ? "<1%" : ">99%";
}

/** A judged step's verdict as every shell says it (the mid-end's `verdict_words`). A
 * Minesweeper move's has "Fault: " before a fault: "Fault: a needless guess (a cell was
 * certainly safe); 23% risk, the least there was 0%", and once the move is weighed what it
 * gave away of the chance to win, in the server's words ("; a mistake: gave away 11 points of
 * the chance to win (98% → 87%)"), or why it was not weighed; a Mondrian step's comes whole
 * from the server: "Dead end: no solution remains after this step; step 5 (lift …) left it;
 * took 2.0 s". */
function verdictSaid(judged) {
  if (!mines) return sentence(judged.words);
  let words = judged.words;
  if (judged.risk !== null && judged.least_risk !== null) {
    words += `; ${percent(judged.risk)} risk, the least there was ${percent(judged.least_risk)}`;
  }
  if (judged.win_chance_weighed) words += `; ${judged.win_chance_words}`;
  else if (judged.weighing_failed) words += `; not weighed: ${judged.weighing_failed}`;
  return judged.fault ? `Fault: ${words}` : `Verdict: ${words}`;
}

/** The judged step of step `index` (a Minesweeper game's undo and redo are not judged), or
 * null (no review yet). */
function judgedAt(index) {
  if (!review?.judged || index === 0) return null;
  return review.judged.get(replay.steps[index - 1].number) || null;
}

/** The faults of the review (a Mondrian game's steps into a dead end), as the steps of the
 * replay that made them. */
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

/** Under the step shown, what the review says of it: "Reviewing…" until it has come, why
 * there is none if it failed; a fault is marked by its sign and its words, not by colour. */
function showVerdict() {
  const line = $("verdict");
  const judged = judgedAt(shown);
  line.classList.toggle("fault", Boolean(judged?.fault));
  if (judged?.fault) line.replaceChildren(faultSign(), verdictSaid(judged));
  else if (judged) line.textContent = verdictSaid(judged);
  else if (review === null) line.textContent = "Reviewing…";
  else if (review.failed)
    line.textContent = `The solver's review cannot be shown: ${review.failed}. The steps can still be watched.`;
  else if (shown === 0) line.textContent = reviewedWords();
  else line.textContent = "Undo and redo are not judged.";
}

/** What the review found, in a line (under the start): "Reviewed: 4 moves, 2 faults.",
 * "Reviewed: 12 steps, 1 dead end." */
function reviewedWords() {
  const faults = faultSteps().length;
  if (!mines) {
    const { steps } = review.summary;
    return `Reviewed: ${count(steps, "step")}, ${count(faults, "dead end")}.`;
  }
  return `Reviewed: ${count(review.summary.moves, "move")}, ${count(faults, "fault")}.`;
}

/** The review's summary in figures, each its name and its value. */
function figures(summary) {
  if (!mines) {
    const perBlock = summary.seconds_per_block;
    return [
      ["Steps", String(summary.steps)],
      ["Hints", String(summary.hints)],
      ["Dead ends", String(summary.dead_ends)],
      ["Blocks", String(summary.blocks)],
      ["Time since the challenge was complete", clock(summary.seconds)],
      ["Time per block", perBlock === null ? "none" : `${fixed(perBlock, 1)} s`],
    ];
  }
  return [
    ["Moves", String(summary.moves)],
    ["Guesses", String(summary.guesses)],
    ["Needless guesses", String(summary.needless_guesses)],
    [
      "Risk taken",
      `${fixed(summary.pluck, 2)}, the least possible ${fixed(summary.least_pluck, 2)}`,
    ],
    ["Accuracy", `${fixed(summary.accuracy * 100, 0)}%`],
    ...weighedFigures(summary.win_chance),
  ];
}

/** What the weighing of the guesses found so far (how far it has come is the progress bar's):
 * none for a game with no guess to weigh. */
function weighedFigures({ due }) {
  if (!due) return [];
  return labelCounts().map(([, plural, number]) => [sentence(plural), String(number)]);
}

/** The labels of what a guess gave away, as the API names them, each with its plural. */
const LABELS = [
  ["inaccuracy", "inaccuracies"],
  ["mistake", "mistakes"],
  ["blunder", "blunders"],
];

/** How many of the moves weighed so far have each label: [[label, plural, count]]. */
function labelCounts() {
  const moves = [...review.judged.values()];
  return LABELS.map(([label, plural]) => [
    label,
    plural,
    moves.filter((move) => move.label === label).length,
  ]);
}

/** The review's figures below the controls, each its name and its value. */
function showFigures() {
  $("review-summary").replaceChildren(
    ...figures(review.summary).flatMap(([name, value]) => {
      const term = document.createElement("dt");
      term.textContent = name;
      const detail = document.createElement("dd");
      detail.textContent = value;
      return [term, detail];
    }),
  );
  for (const [button, index] of faultButtons) button.title = verdictSaid(judgedAt(index));
}

/** The review's summary below the controls: its figures, and its faults (a Mondrian game's
 * dead ends), each a button that goes to its step. */
function showSummary() {
  faultButtons = faultSteps().map((index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.append(faultSign(), `Step ${index}`);
    button.addEventListener("click", () => go(index));
    return [button, index];
  });
  showFigures();
  const [some, none] = mines
    ? ["Faults, each at its step:", "No fault."]
    : ["Dead ends, each at its step:", "No dead end."];
  const buttons = faultButtons.map(([button]) => button);
  $("review-faults").replaceChildren(buttons.length ? some : none, ...buttons);
  $("review").hidden = false;
}

/** Ask the server for the solver's review of the game, and show it; then weigh the guesses of
 * a Minesweeper game. */
async function loadReview() {
  try {
    const id = encodeURIComponent(watched.id);
    const answer = await api("GET", `/api/${watched.puzzle}/games/${id}/review`);
    const judged = mines ? answer.moves : answer.steps;
    review = {
      judged: new Map(judged.map((step) => [step.number, step])),
      summary: answer.summary,
    };
    showSummary();
  } catch (error) {
    review = { failed: error.message };
  }
  showVerdict();
  if (mines && review.judged) await weighGuesses();
}

/** Weigh each guess still due, one request at a time (each takes a solver up to seconds),
 * the progress bar counting them: each judgment joins its move (or why it was not weighed),
 * the step shown and the figures are said again, and once all are done a screen reader hears
 * what they found. */
async function weighGuesses() {
  const due = [...review.judged.values()].filter((move) => move.win_chance_due);
  const waiting = due.filter((move) => !move.win_chance_weighed);
  if (!waiting.length) return;
  let done = due.length - waiting.length;
  showWeighing(done, due.length);
  const id = encodeURIComponent(watched.id);
  for (const move of waiting) {
    try {
      const path = `/api/minesweeper/games/${id}/review/guesses/${move.number}`;
      Object.assign(move, await api("GET", path));
    } catch (error) {
      move.weighing_failed = error.message;
    }
    done += 1;
    showWeighing(done, due.length);
    showFigures();
    if (judgedAt(shown) === move) showVerdict();
  }
  $("weighed-spoken").textContent = weighedWords(due);
}

/** The progress bar of the weighing: "Weighing the guesses: 2 of 5", then "Guesses weighed". */
function showWeighing(done, due) {
  const bar = $("weighing-bar");
  bar.max = due;
  bar.value = done;
  const doing = done < due ? "Weighing the guesses" : "Guesses weighed";
  $("weighing-words").textContent = `${doing}: ${done} of ${due}`;
  $("weighing").hidden = false;
}

/** What the weighing found, as a screen reader hears it once it is done: "The guesses are
 * weighed: 0 inaccuracies, 1 mistake, 1 blunder." (and how many could not be). */
function weighedWords(due) {
  const found = labelCounts()
    .map(([label, plural, number]) => `${number} ${number === 1 ? label : plural}`)
    .join(", ");
  const failed = due.filter((move) => move.weighing_failed).length;
  const unweighed = failed ? ` ${failed} of ${due.length} could not be weighed.` : "";
  return `The guesses are weighed: ${found}.${unweighed}`;
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

/** Keep the stylesheet of the puzzle watched, its view and its words of the review; the other
 * puzzle's go. */
function keepPuzzle(puzzle) {
  for (const element of document.querySelectorAll("[data-puzzle]")) {
    if (element.dataset.puzzle !== puzzle) element.remove();
  }
  $(mines ? "mondrian-view" : "mines-view").remove();
  $(mines ? "mines-view" : "mondrian-view").hidden = false;
  $("verdict").hidden = false;
}

/** The links to a Minesweeper game's video files, or why no video can show the game, as the
 * server says (a Mondrian game's page has no such line). */
function showVideos() {
  const line = document.getElementById("videos");
  if (!line) return;
  if (watched.no_video) line.textContent = `No video of this game: ${watched.no_video}.`;
  for (const [format, address] of Object.entries(watched.videos || {})) {
    const link = document.getElementById(`video-${format}`);
    if (link) link.href = address;
  }
  line.hidden = false;
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
  if (replay.imported_from) {
    $("origin").textContent = `${sentence(replay.imported_from)}.`;
    $("origin").hidden = false;
  }
  document.title = `Watching ${watched.name} ${watched.id} · gridpuzzles`;
  $("game-page").href = watched.page;
  $("game-page").textContent = `Back to ${watched.name}`;
  $("outcome").textContent = outcome();
  showVideos();
  seek.max = String(last);
  listen();
  show(0);
  document.body.dataset.ready = "true";
  // The review may take a second of the solver's: the board's first frame never waits for it.
  afterFirstPaint(loadReview);
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
