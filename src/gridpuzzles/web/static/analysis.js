// The analysis board: a Minesweeper position the player sets up by clicking (cell by cell, or
// mines first with the numbers following them) or pastes as JSMinesweeper's .mine text, and
// what the server's solver makes of it (POST /api/minesweeper/analysis): each hidden cell's
// exact chance of a mine on the overlay of the game page, the dead cells and unavoidable
// 50/50s, and the safest move with why. It holds no rules: the analysis is the server's, and
// an inconsistent position is the server's words. The address carries the position
// (?position=<.mine text>), so a position can be shared. Once the chances are shown, the
// solver's chance to win can be asked for (POST /api/minesweeper/analysis/win-chance): its
// playouts take seconds, so never with the chances, and an edit drops it.

import { ApiError, api, fromPage } from "./api.js";
import { mineText, readMine } from "./mine-text.js";
import {
  buildCells,
  cellIndexOf,
  cellsFit,
  drawView,
  SYMBOL_WORDS,
  steppedTo,
  symbolOf,
} from "./mines-board.js";
import {
  fillLegend,
  hideChanceLabel,
  markTiny,
  overlaid,
  seenWords,
  showChanceLabel,
} from "./overlay.js";
import { where } from "./words.js";

const ANALYSIS = "/api/minesweeper/analysis";
const WIN_CHANCE = "/api/minesweeper/analysis/win-chance";
const SETTLE_MS = 300; // an edit is analysed once the edits stop for this long
const LABEL_MS = 1500; // how long a pressed cell's chance stays in its label
const CYCLE = ["#", "F", "0", "1", "2", "3", "4", "5", "6", "7", "8"]; // what a click sets in turn
const DEFAULT = { width: 16, height: 16, mines: 40 }; // intermediate: fits a phone and a laptop
const NEEDS_MINES = '"mines": N'; // how the server asks for the mine count a form does not say

const $ = (id) => document.getElementById(id);
const board = $("board");
const label = $("chance-label");

let bands = []; // the overlay's risk bands, from the options (as in every shell)
let maxSide = 100; // the longest side a board may have, from the options
let position = null; // {width, height, mines, view: rows of symbols}: what the board shows
let cells = []; // the board's cells by index, row by row
let cursor = 0; // the keyboard cursor, as a cell index
// The server's analysis of the position shown, cell by cell (null until it comes): each
// cell's mine chance (null when shown), mark ("dead", "fifty-fifty" or null) and secondary
// safety, and the index of the safest move's cell (-1 when none).
let chances = null;
let marks = null;
let safety = null;
let safest = -1;
let asked = 0; // analyses asked for: only the latest one asked is shown
let settleTimer = null;

// ---- the position ----------------------------------------------------------------------------

/** An all-hidden position of `width` x `height` cells and `mines` mines. */
function hiddenPosition(width, height, mines) {
  return { width, height, mines, view: Array.from({ length: height }, () => "#".repeat(width)) };
}

/** The cell at `index` in the player's words. */
function whereIndex(index) {
  return where(Math.floor(index / position.width), index % position.width);
}

/** The indices of the cells around the cell at `index`. */
function around(index) {
  const { width, height } = position;
  const [row, col] = [Math.floor(index / width), index % width];
  const found = [];
  for (let r = Math.max(0, row - 1); r <= Math.min(height - 1, row + 1); r++)
    for (let c = Math.max(0, col - 1); c <= Math.min(width - 1, col + 1); c++)
      if (r !== row || c !== col) found.push(r * width + c);
  return found;
}

function symbolAt(index) {
  return symbolOf(position, index);
}

function setSymbol(index, symbol) {
  const row = Math.floor(index / position.width);
  const col = index % position.width;
  const line = position.view[row];
  position.view[row] = line.slice(0, col) + symbol + line.slice(col + 1);
}

/** The number the cell at `index` shows when the flags are the mines. */
function countOf(index) {
  return String(around(index).filter((next) => symbolAt(next) === "F").length);
}

/** The mines tools: every number shown follows the flags (the mines) around it, and the
 * board's mine count is the flags'. */
function numbersFollow() {
  let flags = 0;
  for (let index = 0; index < position.width * position.height; index++) {
    const symbol = symbolAt(index);
    if (symbol === "F") flags += 1;
    else if (/[0-8]/.test(symbol)) setSymbol(index, countOf(index));
  }
  position.mines = flags;
  $("mines").value = String(flags);
}

// ---- drawing ---------------------------------------------------------------------------------

/** What the analysis adds to the cell at `index` showing `symbol`: the overlay on a hidden
 * cell, its chance in words on a flag (the flag stays drawn), the safest move's ring. */
function analysed(index, symbol) {
  let classes = index === cursor ? " cursor" : "";
  const chance = chances ? chances[index] : null;
  if (chance === null) return { classes };
  const said = index === safest ? "; the safest move" : "";
  if (index === safest) classes += " hint";
  if (symbol === "F") {
    const seen = seenWords(chance, marks[index], safety[index]);
    return { classes, title: seen, words: `, ${seen}${said}` };
  }
  if (!"#?".includes(symbol)) return { classes };
  const shown = overlaid(bands, chance, marks[index], safety[index]);
  return { ...shown, classes: classes + shown.classes, words: shown.words + said };
}

/** Take `found` (the server's analysis, or null) as the analysis of the position shown. */
function take(found) {
  chances = marks = safety = null;
  safest = -1;
  if (!found) return;
  chances = found.probabilities.flat();
  marks = found.marks.flat();
  safety = found.secondary_safety.flat();
  if (found.safest) safest = found.safest.row * found.width + found.safest.col;
}

function draw() {
  if (!cellsFit(board, cells, position.width, position.height)) {
    cells = buildCells(board, position.width, position.height);
    cursor = Math.min(cursor, cells.length - 1);
  }
  drawView(cells, position, analysed);
  board.setAttribute("aria-activedescendant", cells[cursor].id);
  const first = cells[0];
  if (first) markTiny(board, first.getBoundingClientRect().width);
}

/** Say `text` as the analysis's result (the live region beside the board); `isError` when it
 * is why the position cannot be analysed. */
function tell(text, isError = false) {
  const result = $("result");
  result.textContent = text;
  result.classList.toggle("error", isError);
  $("board-frame").classList.toggle("refused", isError);
}

/** Say `text` to a screen reader: what an edit did. */
function speak(text) {
  $("spoken").textContent = text;
}

/** The analysis taken (`take`) in words: the safest move (`advice`, the server's) and why,
 * and what the hidden cells are. */
function resultWords(advice) {
  if (!advice) return "No cell is hidden: there is nothing to analyse.";
  const hidden = chances.filter((chance) => chance !== null);
  const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    count(hidden.length, "hidden cell"),
    `${count(hidden.filter((c) => c === 0).length, "cell")} certainly safe`,
    count(hidden.filter((c) => c === 1).length, "certain mine"),
    count(marks.filter((m) => m === "dead").length, "dead cell"),
    `${count(marks.filter((m) => m === "fifty-fifty").length, "cell")} in unavoidable 50/50s`,
  ];
  return `The safest move: ${advice.said}. ${parts.join(", ")}.`;
}

// ---- analysis --------------------------------------------------------------------------------

/** Put the position shown in the address (?position=<.mine text>) and the text box. */
function showText() {
  const text = mineText(position);
  $("position").value = text;
  history.replaceState(null, "", `${location.pathname}?${new URLSearchParams({ position: text })}`);
}

/** Ask the server for the analysis of `body` ({position: text}); show it unless a newer one
 * was asked for meanwhile. A form that does not say its mines is asked again with the Mines
 * field's count. */
async function analyse(body) {
  clearTimeout(settleTimer);
  asked += 1;
  const mine = asked;
  offerWinChance(false);
  offerMbf(null);
  board.setAttribute("aria-busy", "true");
  let found;
  try {
    try {
      found = await api("POST", ANALYSIS, body);
    } catch (error) {
      if (!(error instanceof ApiError && error.message.includes(NEEDS_MINES))) throw error;
      found = await api("POST", ANALYSIS, { ...body, mines: Number($("mines").value) });
    }
  } catch (error) {
    if (mine !== asked) return;
    take(null);
    draw();
    board.setAttribute("aria-busy", "false");
    tell(`This position cannot be analysed: ${error.message}.`, true);
    offerWinChance(false);
    return;
  }
  if (mine !== asked) return;
  position = { width: found.width, height: found.height, mines: found.mines, view: found.view };
  showSize();
  take(found);
  draw();
  board.setAttribute("aria-busy", "false");
  tell(resultWords(found.safest));
  offerWinChance(Boolean(found.safest));
  offerMbf(found.mbf);
}

/** Offer the board as an MBF file when `mbf` (its bytes in base64, the server's: every mine
 * of the position shown is known) is given; hide the link otherwise. */
function offerMbf(mbf) {
  const link = $("mbf-download");
  link.hidden = !mbf;
  if (mbf) link.href = `data:application/octet-stream;base64,${mbf}`;
  else link.removeAttribute("href");
}

/** Offer the chance to win of the position shown when `offered` (it is analysed, and a cell
 * is hidden), or not; either way a chance shown, or on its way, is of an earlier position and
 * goes. An inconsistent position is never offered it. */
function offerWinChance(offered) {
  const ask = $("win-chance-ask");
  ask.hidden = !offered;
  ask.disabled = false;
  $("win-chance").textContent = "";
}

/** Ask the server for the chance to win of the position shown and say it with its method
 * (in the live region, which stays on the page); dropped when the position changes first. */
async function estimateWinChance() {
  const mine = asked;
  const ask = $("win-chance-ask");
  ask.disabled = true;
  $("win-chance").textContent = "Estimating the chance to win…";
  let words;
  let answered = false;
  try {
    const found = await api("POST", WIN_CHANCE, { position: mineText(position) });
    const how = `${found.method.charAt(0).toUpperCase()}${found.method.slice(1)}`;
    words = `Chance to win: ${found.percent}. ${how}.`;
    answered = true;
  } catch (error) {
    words = `The chance to win cannot be estimated: ${error.message}.`;
  }
  if (mine !== asked) return; // the position changed meanwhile: its offer stands as it is
  ask.disabled = false;
  ask.hidden = answered; // the same seed would give the same answer; a failure may be retried
  $("win-chance").textContent = words;
}

/** Analyse the position shown once the edits stop for a moment. */
function analyseSoon() {
  clearTimeout(settleTimer);
  asked += 1; // an answer on its way is of the position before the edit: it is not shown
  take(null); // the chances of the position before the edit are no longer its chances
  tell("Analysing…");
  offerWinChance(false);
  offerMbf(null);
  board.setAttribute("aria-busy", "true");
  settleTimer = setTimeout(() => analyse({ position: mineText(position) }), SETTLE_MS);
}

/** The position's size and mines in the fields. */
function showSize() {
  $("width").value = String(position.width);
  $("height").value = String(position.height);
  $("mines").value = String(position.mines);
}

/** Analyse the text in the box, drawing it at once when it is .mine text this page reads. */
function analyseText() {
  const text = $("position").value;
  const read = readMine(text);
  if (read) {
    position = read;
    take(null);
    showSize();
    draw();
  }
  history.replaceState(null, "", `${location.pathname}?${new URLSearchParams({ position: text })}`);
  return analyse({ position: text });
}

// ---- editing ---------------------------------------------------------------------------------

/** The tool a click uses: "cell" (hidden, flag, 0-8 in turn), "mine" (a mine; the numbers
 * follow) or "hide" (hide a number, or show a hidden cell's). */
function tool() {
  return document.querySelector("input[name='tool']:checked").value;
}

/** Set the cell at `index` to `symbol`, the numbers following the mines when `follow` (the
 * mines tool); say it, show it and analyse it. */
function edit(index, symbol, follow = tool() === "mine") {
  setSymbol(index, symbol);
  if (follow) numbersFollow();
  const now = symbolAt(index);
  speak(`${whereIndex(index)}: ${SYMBOL_WORDS[now] || now}`);
  draw();
  showText();
  analyseSoon();
}

/** What a click (or Enter, Space) on the cell at `index` does with the tool chosen. */
function click(index) {
  const symbol = symbolAt(index);
  if (tool() === "cell") {
    edit(index, CYCLE[(CYCLE.indexOf(symbol === "?" ? "#" : symbol) + 1) % CYCLE.length]);
  } else if (tool() === "mine") {
    flag(index);
  } else if (symbol === "F") {
    speak(`${whereIndex(index)} is a mine: take it away with the mines tool`);
  } else {
    edit(index, /[0-8]/.test(symbol) ? "#" : countOf(index));
  }
}

/** A flag (F, a right click): flag or unflag the cell; in the mines tools, a mine put or taken
 * away (unflagged, it shows its number). */
function flag(index) {
  const numbers = tool() !== "cell";
  if (symbolAt(index) === "F") edit(index, numbers ? countOf(index) : "#", numbers);
  else edit(index, "F", numbers);
}

/** Start a new all-hidden board of the size in the fields, when they are whole numbers in
 * bounds; else say which is not. */
function newBoard() {
  const value = (id) => Number($(id).value);
  const [width, height, mines] = ["width", "height", "mines"].map(value);
  const side = (n) => Number.isInteger(n) && n >= 1 && n <= maxSide;
  if (!side(width) || !side(height)) {
    refuse(`The width and the height are whole numbers from 1 to ${maxSide}.`);
    return;
  }
  if (!fits(mines, width * height)) {
    refuse(minesWords(width * height));
    return;
  }
  position = hiddenPosition(width, height, mines);
  cursor = 0;
  draw();
  showText();
  analyseSoon();
}

/** Whether `mines` is a mine count a board of `cells` cells takes. */
function fits(mines, cells) {
  return Number.isInteger(mines) && mines >= 0 && mines <= cells;
}

/** What a board of `cells` cells takes as its mine count, in words. */
function minesWords(cells) {
  return `The mines are a whole number from 0 to ${cells} (the cells).`;
}

/** Say why the fields are refused; an analysis on its way is dropped: the result stays the
 * refusal until the fields are mended. */
function refuse(words) {
  clearTimeout(settleTimer);
  asked += 1;
  board.setAttribute("aria-busy", "false");
  tell(words, true);
  offerWinChance(false);
  offerMbf(null);
}

function cellIndex(event) {
  return cellIndexOf(board, event);
}

function moveCursor(index) {
  cursor = index;
  draw();
}

function listen() {
  board.addEventListener("click", (event) => {
    const index = cellIndex(event);
    if (index === null) return;
    board.classList.remove("keyboard");
    moveCursor(index);
    if (event.shiftKey) flag(index);
    else click(index);
  });
  board.addEventListener("contextmenu", (event) => {
    const index = cellIndex(event);
    if (index === null) return;
    event.preventDefault();
    moveCursor(index);
    flag(index);
  });
  board.addEventListener("pointerover", (event) => {
    const index = cellIndex(event);
    if (event.pointerType === "mouse" && index !== null)
      showChanceLabel(label, board, cells[index]);
  });
  board.addEventListener("pointerleave", () => hideChanceLabel(label));
  board.addEventListener(
    "touchstart",
    (event) => {
      const index = cellIndex(event);
      if (index !== null) showChanceLabel(label, board, cells[index], LABEL_MS);
    },
    { passive: true },
  );
  $("board-frame").addEventListener("scroll", () => hideChanceLabel(label), { passive: true });
  board.addEventListener("blur", () => hideChanceLabel(label));
  board.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const key = event.key;
    const step = steppedTo(key, cursor, position.width, position.height);
    if (step !== null) {
      board.classList.add("keyboard");
      moveCursor(step);
      cells[cursor].scrollIntoView({ block: "nearest", inline: "nearest" });
      showChanceLabel(label, board, cells[cursor]);
    } else if (key === " " || key === "Enter") {
      click(cursor);
    } else if (key === "f" || key === "F") {
      flag(cursor);
    } else if (key === "h" || key === "H") {
      if (symbolAt(cursor) === "F" && tool() !== "cell")
        speak(`${whereIndex(cursor)} is a mine: F takes it away`);
      else edit(cursor, "#");
    } else if (/^[0-8]$/.test(key)) {
      if (tool() === "cell") edit(cursor, key);
      else speak("The numbers follow the mines here: choose 'a click sets a cell' to type one");
    } else {
      return;
    }
    event.preventDefault();
  });
  window.addEventListener("resize", draw);

  $("size").addEventListener("submit", (event) => {
    event.preventDefault();
    newBoard();
  });
  $("mines").addEventListener("change", () => {
    const mines = Number($("mines").value);
    const cells = position.width * position.height;
    if (!fits(mines, cells)) {
      refuse(minesWords(cells));
      return;
    }
    position.mines = mines;
    showText();
    analyseSoon();
  });
  $("show-numbers").addEventListener("click", () => {
    for (let index = 0; index < position.width * position.height; index++)
      if (symbolAt(index) !== "F") setSymbol(index, "0");
    numbersFollow();
    speak("Every cell that is no mine shows its number");
    draw();
    showText();
    analyseSoon();
  });
  $("win-chance-ask").addEventListener("click", estimateWinChance);
  $("paste").addEventListener("submit", (event) => {
    event.preventDefault();
    analyseText();
  });
}

// ---- start -----------------------------------------------------------------------------------

function start() {
  const options = fromPage("minesweeper-options");
  if (options) {
    bands = options.risk_bands;
    maxSide = options.max_side;
    for (const id of ["width", "height"]) $(id).max = String(maxSide);
  }
  fillLegend($("overlay-legend"), bands);
  listen();
  const text = new URLSearchParams(location.search).get("position");
  if (text) {
    // A shared position: shown at once when it is .mine text, and analysed.
    $("position").value = text;
    position = readMine(text) || hiddenPosition(DEFAULT.width, DEFAULT.height, DEFAULT.mines);
    showSize();
    draw();
    analyse({ position: text }).finally(ready);
  } else {
    position = hiddenPosition(DEFAULT.width, DEFAULT.height, DEFAULT.mines);
    showSize();
    draw();
    showText();
    analyse({ position: mineText(position) }).finally(ready);
  }
}

/** The first analysis is shown (or refused): the page is ready (for its tests too). */
function ready() {
  document.body.dataset.ready = "true";
}

start();
