// The Mondrian Blocks page: draws the game the server keeps and forwards the player's input
// as moves. It holds no rules: whether a block fits, and why not, is the server's answer.
// What is only the page's (the block in hand, the cursor, the solution shown) is UI state:
// the block in hand is in the tray as far as the game is concerned.
// The board is drawn before the first paint, from what the page has before any request: the
// challenge list the server writes into the page, and the last state it sent (client.js
// keeps it; an empty board while a new game is made).

import { fromPage } from "./api.js";
import { GameClient } from "./client.js";
import { mayLeave as mayLeaveGame } from "./leave.js";
import { offer, watchAddress } from "./links.js";
import { blocksOn, cellId, covers, drawBlocks, duration } from "./mondrian-board.js";
import { where } from "./words.js";

const API = "/api/mondrian";
const KEPT = {
  game: "gridpuzzles.mondrian.game", // the game in play (client.js)
  state: "gridpuzzles.mondrian.state", // the last state the server sent for that game
};

const $ = (id) => document.getElementById(id);
const board = $("board");
const client = new GameClient(API, KEPT, board, (words) => say(words, "error"));

let game = null; // the last MondrianState the server sent (or, until it answers, the kept one)
let receivedAt = 0; // performance.now() when it came, to run the clock between answers
let challenges = []; // the published challenges, for the list
let records = null; // the last answer of /records
let hand = null; // the block picked up: {size, orientation, black, fill, grab: [row, col]}
let cursor = [0, 0]; // the keyboard cursor
let hover = null; // the cell under the pointer, or null
let keyboard = false; // the last input came from the keyboard: the cursor places blocks
let editing = false; // the black blocks are being placed or moved
let editAsked = false; // the player pressed Edit black blocks (else editing ends with the blocks placed)
let viewing = null; // while the solutions are shown: {count, solutions, index}
let marked = { hinted: null, lift: [] }; // what the last hint pointed at
let press = null; // a press on the tray or the board, until the pointer is released
const verdicts = new Map(); // whether a block fits where it is shown, as the server said
let messageKind = "";

// ---- words and geometry (drawing only) -----------------------------------------------------

/** "1 row", "3 columns": a number of things in words. */
function count(number, noun) {
  return `${number} ${noun}${number === 1 ? "" : "s"}`;
}

/** [height, width] of a block of `size` ("2x3") lying `orientation` ("h" or "v"). */
function extent(size, orientation) {
  const [short, long] = size.split("x").map(Number);
  return orientation === "v" ? [long, short] : [short, long];
}

function blockAt(cell) {
  return blocksOn(game).find((block) => covers(block, cell)) || null;
}

function same(a, b) {
  return a && b && a[0] === b[0] && a[1] === b[1];
}

function say(text, kind = "") {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", kind === "error" || kind === "preview");
  message.classList.toggle("done", kind === "done");
  messageKind = kind;
}

// ---- drawing -------------------------------------------------------------------------------

function marks(block) {
  const names = [];
  if (
    marked.hinted &&
    same([marked.hinted.row, marked.hinted.col], [block.row, block.col]) &&
    marked.hinted.size === block.size
  )
    names.push("hinted");
  if (
    marked.lift.some((b) => b.size === block.size && b.row === block.row && b.col === block.col)
  ) {
    names.push("to-lift");
  }
  return names.join(" ");
}

function draw() {
  if (!game) return;
  drawBoard(game);
  drawCursor();
  drawPreview();
  drawTray();
  drawStatus();
}

/** The board of `state` (a game, or an empty board), or the solution being viewed. */
function drawBoard(state) {
  const shown = viewing
    ? viewing.solutions[viewing.index].map((b) => ({ ...b, black: b.colour === "black" }))
    : blocksOn(state);
  drawBlocks(board, state.board, shown, (block) => (viewing ? "" : marks(block)));
  board.classList.toggle("solved", Boolean(state.finish));
  board.classList.toggle("viewing", Boolean(viewing));
  board.classList.toggle("editing", editing);
  if (!performance.getEntriesByName("board-drawn").length) performance.mark("board-drawn");
}

/** The keyboard cursor: the grid's active descendant (what a screen reader reads as the
 * cursor moves), drawn with a focus ring while the keyboard plays. */
function drawCursor() {
  board.querySelector(".cell.cursor")?.classList.remove("cursor");
  const cell = $(cellId(...cursor));
  if (cell) board.setAttribute("aria-activedescendant", cell.id);
  else board.removeAttribute("aria-activedescendant");
  if (!keyboard || viewing) return;
  cell?.classList.add("cursor");
}

/** Where the block in hand would go: its top-left cell, from the cursor or the pointer. */
function target() {
  const anchor = keyboard ? cursor : hover;
  if (!hand || !anchor) return null;
  return [Math.max(0, anchor[0] - hand.grab[0]), Math.max(0, anchor[1] - hand.grab[1])];
}

function placing(at) {
  return {
    action: "place",
    block: hand.size,
    row: at[0],
    col: at[1],
    orientation: hand.orientation,
    black: hand.black,
  };
}

/** What a verdict answers for: this game as it is now (its version counts every change,
 * undo and redo too, where its moves do not), and the block in hand where it is shown. */
function verdictKey(at) {
  return `${game.id}|${game.version}|${hand.black}|${hand.size}|${hand.orientation}|${at[0]},${at[1]}`;
}

function drawPreview() {
  board.querySelector(".preview")?.remove();
  const at = target();
  if (!game || !at || viewing || game.finish) {
    if (messageKind === "preview") say("");
    return;
  }
  const [height, width] = extent(hand.size, hand.orientation);
  const [rows, cols] = game.board;
  const preview = document.createElement("div");
  preview.setAttribute("aria-hidden", "true");
  preview.style.gridRow = `${at[0] + 1} / span ${Math.min(height, rows - at[0])}`;
  preview.style.gridColumn = `${at[1] + 1} / span ${Math.min(width, cols - at[1])}`;
  preview.style.setProperty("--fill", hand.fill);
  preview.dataset.row = at[0];
  preview.dataset.col = at[1];
  const key = verdictKey(at);
  const verdict = verdicts.get(key);
  preview.className = `preview ${verdict ? (verdict.fits ? "fits" : "refused") : "pending"}`;
  board.append(preview);
  if (!verdict) {
    check(key, placing(at));
  } else if (!verdict.fits) {
    say(verdict.why, "preview");
  } else if (messageKind === "preview") {
    say("");
  }
}

async function check(key, move) {
  verdicts.set(key, null);
  try {
    verdicts.set(key, await client.call("POST", `${gamePath()}/check`, move));
  } catch (error) {
    verdicts.delete(key);
    say(error.message, "error");
    return;
  }
  const at = target();
  if (at && game && hand && verdictKey(at) === key) drawPreview();
}

/** Every block of the tray being played (black ones while editing), placed or not, each with
 * `placed` (on the board): the server's key order, which never changes during a game, so a
 * block keeps its number (and its key) from the first move to the last. */
function slots() {
  const all = editing ? game.black_blocks || game.black_tray : game.blocks || game.tray;
  const left = new Map();
  for (const block of editing ? game.black_tray : game.tray)
    left.set(block.size, (left.get(block.size) || 0) + 1);
  return all.map((block) => {
    const inTray = (left.get(block.size) || 0) > 0;
    if (inTray) left.set(block.size, left.get(block.size) - 1);
    return { ...block, placed: !inTray };
  });
}

function drawTray() {
  const blocks = slots();
  $("tray-title").textContent = editing
    ? "Black blocks (keys 1–3)"
    : `Blocks (keys 1–${blocks.length})`;
  const buttons = blocks.map((block, index) => {
    const button = document.createElement("button");
    button.type = "button";
    // every slot stays; .tray-block: a block still to place
    button.className = `tray-slot ${block.placed ? "placed" : "tray-block"}`;
    button.dataset.size = block.size;
    button.dataset.index = index;
    const held = hand && hand.size === block.size && hand.black === editing;
    button.setAttribute("aria-pressed", String(Boolean(held)));
    const where = block.placed ? ", on the board" : "";
    button.setAttribute(
      "aria-label",
      `${block.size} ${block.colour} block (key ${index + 1})${where}`,
    );
    button.title = `${block.size} (key ${index + 1})${where}`;
    const key = document.createElement("span");
    key.className = "key";
    key.textContent = String(index + 1);
    const shape = document.createElement("span");
    shape.className = "shape";
    shape.style.setProperty("--h", block.height);
    shape.style.setProperty("--w", block.width);
    shape.style.background = block.fill;
    const label = document.createElement("span");
    label.className = "size";
    label.textContent = block.size;
    button.append(key, shape, label);
    return button;
  });
  $("tray").replaceChildren(...buttons);
}

function tick() {
  if (!game) return;
  let seconds = game.elapsed;
  if (game.in_play) seconds += (performance.now() - receivedAt) / 1000;
  $("timer").textContent = duration(seconds);
}

function drawStatus() {
  $("title").textContent = game.title;
  const facts = [];
  if (game.solutions === 0)
    facts.push("no solution"); // no level: there is nothing to find
  else {
    if (game.difficulty) facts.push(game.difficulty);
    if (game.solutions !== null) facts.push(count(game.solutions, "solution"));
  }
  $("difficulty").textContent = facts.join(" · ");
  $("moves").textContent = game.moves === 1 ? "1 move" : `${game.moves} moves`;
  $("assisted").hidden = !game.assisted;
  const over = Boolean(game.finish);
  $("undo").disabled = !game.can_undo;
  $("redo").disabled = !game.can_redo;
  $("hint").disabled = !game.can_hint;
  $("show-solutions").disabled = !game.can_show_solutions;
  $("turn").disabled = over;
  $("edit").disabled = over;
  $("edit").setAttribute("aria-pressed", String(editing));
  // a full board can be watched again; a game in play is not offered (the server sends none)
  offer($("watch-again"), over ? watchAddress(game.id) : null);
  $("controls").hidden = Boolean(viewing);
  $("viewing").hidden = !viewing;
  if (viewing) {
    const listed = viewing.solutions.length;
    $("position").textContent =
      `${viewing.index + 1} of ${viewing.count}` +
      (viewing.count > listed ? ` (the first ${listed} are shown)` : "");
    $("previous").disabled = viewing.index === 0;
    $("next").disabled = viewing.index >= listed - 1;
  }
  drawRecords();
  tick();
}

function bestOf(list, key) {
  const record = list.find((r) => r.key === key);
  return record?.best_times.length ? record.best_times[0].words : "none yet";
}

function drawRecords() {
  if (!records || !game?.key || game.solutions === 0) {
    $("records").textContent = "";
    return;
  }
  const whose = records.per_player ? "Your best time in this browser" : "Best time";
  $("records").textContent =
    `${whose} for this challenge: ${bestOf(records.challenges, game.key)}` +
    ` · for ${game.difficulty} challenges: ${bestOf(records.difficulties, game.difficulty)}`;
}

// ---- talking to the server -----------------------------------------------------------------

/** The game's address in the API, after the puzzle's. */
function gamePath() {
  return `/games/${game.id}`;
}

/** Run `work` after the requests before it; its errors are said in the message line. A 409
 * (refused: the move does not fit the game as the server has it, which another tab or another
 * server may have changed) first shows the game as it is now. */
function enqueue(work) {
  // a move made on the board drawn at once waits here for the game the server sends
  return client.run(
    () => (game && !game.provisional ? work() : undefined),
    async (error) => {
      if (error.status === 409) await refresh();
      say(error.message, "error");
    },
  );
}

/** Show this game as the server has it now (kept as it is shown when it cannot be read). */
async function refresh() {
  if (!game) return;
  const id = game.id;
  try {
    const state = await client.game(id);
    if (game && game.id === id) show(state);
  } catch {
    // gone, or not this browser's: the message of the refusal is said all the same
  }
}

/** The game the server sent: drawn, with the UI state that no longer fits it dropped. */
function show(state) {
  const completed = game && game.id === state.id && !game.can_play && state.can_play;
  game = state;
  receivedAt = performance.now();
  // what the player sees, for the next load to draw at once: no hint or solutions (they are
  // said, not kept)
  client.keep(state, ["hint", "hinted", "lift", "revealed"]);
  if (hand) {
    const tray = hand.black ? game.black_tray : game.tray;
    if (!tray.some((b) => b.size === hand.size)) hand = null;
  }
  if (!game.can_play) editing = true;
  if (completed && game.solutions > 0 && !editAsked) {
    editing = false;
    hand = null;
  }
  draw();
  return completed;
}

/** Send `move()` (made when its turn comes; nothing is sent when it gives null). */
function send(move, done) {
  return enqueue(async () => {
    const body = move();
    if (!body || !game) return;
    // with the version this tab saw: a move chosen on a game changed since (another tab) is
    // refused with 409, and `enqueue` shows the game as it is now
    const state = await client.call("POST", `${gamePath()}/moves`, {
      ...body,
      version: game.version,
    });
    const completed = show(state);
    if (game.finish) {
      celebrate(game.finish.words);
    } else if (completed) {
      const solutions = game.solutions === 1 ? "1 solution" : `${game.solutions} solutions`;
      if (game.solutions === 0)
        say("These black blocks leave no way to fill the board: move one.", "error");
      else if (editing)
        say(`These black blocks leave ${solutions}. Press Edit black blocks again to play.`);
      else say(`The challenge is ready (${solutions}): fill the board with the coloured blocks.`);
    } else if (done) {
      done(body);
    }
  });
}

/** Show the challenge of the game `state` in the list (none when it is not listed). */
function showChallenge(state) {
  const listed = [...$("challenge").options].some((option) => option.value === state.code);
  $("challenge").value = state.code && listed ? state.code : "";
  drawStepping();
}

function fresh() {
  board.classList.remove("celebrate");
  hand = null;
  editAsked = false;
  viewing = null;
  marked = { hinted: null, lift: [] };
  press = null;
  verdicts.clear();
}

/** Whether the game on the page is in play (the server's state says: its clock runs, a block
 * was put down, and its board is not full). Replacing it then loses it: only a full board is
 * kept. */
function inPlay() {
  return Boolean(game?.in_play);
}

/** Whether the player may replace the game on the page (`leave.mayLeave`): at once when it is
 * not in play, else when they say so. Keeping it shows its own challenge in the list again. */
function mayLeave() {
  return mayLeaveGame({
    costs: inPlay,
    current: () => game,
    kept: (asked) => {
      if (asked === game) showChallenge(game);
    },
    say,
  });
}

/** Start the challenge `body` asks for, once the player says to leave a game in play. */
async function newGame(body) {
  if (await mayLeave()) await startGame(body);
}

async function startGame(body) {
  const asked = client.ask();
  client.busy(1);
  try {
    if (body.challenge === "generated") say("Generating a challenge with one solution…");
    const state = await client.call("POST", "/games", body);
    if (!client.latest(asked)) return;
    fresh();
    game = null;
    editing = !state.can_play;
    show(state);
    showChallenge(state);
    say(
      `${state.title}. ${
        editing
          ? "Place the three black blocks: pick one from the tray, then click where its top-left corner goes."
          : "Fill the board with the coloured blocks: pick one from the tray, then click where its top-left corner goes."
      }`,
    );
  } catch (error) {
    if (!client.latest(asked)) return;
    say(error.message, "error");
    if (game?.provisional) unshow(); // the game drawn at once will not come
  } finally {
    client.busy(-1);
  }
}

/** No game to show (the server refused it, or cannot be reached): the empty board. */
function unshow() {
  game = null;
  fresh();
  drawBoard(empty);
  $("tray").replaceChildren();
  for (const id of ["title", "difficulty", "moves"]) $(id).textContent = "";
  $("timer").textContent = duration(0);
  $("assisted").hidden = true;
}

/** Show the game in play in this browser, unless a new game was asked for since `asked`;
 * resolves to whether there is one (not gone, nor started in another browser). */
function resume(asked) {
  return client.resume(asked, (state) => {
    if (!game || game.id !== state.id) {
      // else what the player did on it meanwhile stays
      fresh();
      editing = !state.can_play;
    }
    show(state);
    showChallenge(state);
    if (state.finish) say(state.finish.words, "done");
  });
}

async function loadRecords() {
  try {
    records = await client.call("GET", "/records");
  } catch {
    records = null;
  }
  drawRecords();
  listChallenges(); // the challenges solved in this browser are marked
}

// ---- actions -------------------------------------------------------------------------------

function choose(index) {
  if (!game || game.finish || viewing) return;
  const block = slots()[index];
  if (!block) return;
  if (block.placed) {
    // like the full-screen app: the key of a block on the board shows where it is
    const there = (editing ? game.black : game.placed).findLast((b) => b.size === block.size);
    if (there) {
      cursor = [there.row, there.col];
      drawCursor();
      say(
        `The ${block.size} block is on the board at ${where(there.row, there.col)}: ` +
          `${keyboard ? "Enter or Space" : "a click on it"} picks it up.`,
      );
    }
    return;
  }
  if (hand && hand.size === block.size && hand.black === editing) {
    hand = null;
  } else {
    hand = { size: block.size, orientation: "h", black: editing, fill: block.fill, grab: [0, 0] };
    if (messageKind !== "done")
      say(
        `The ${block.size} block is in hand: ${keyboard ? "move the cursor and press Enter" : "click where its top-left corner goes"} (R turns it).`,
      );
  }
  drawTray();
  drawPreview();
}

function putDown(anchor) {
  send(
    () => {
      if (!hand) return null;
      const at = [Math.max(0, anchor[0] - hand.grab[0]), Math.max(0, anchor[1] - hand.grab[1])];
      return placing(at);
    },
    (body) => {
      marked = { hinted: null, lift: [] };
      draw();
      say(`The ${body.block} block is down at ${where(body.row, body.col)}.`);
    },
  );
}

function pickUp(cell) {
  const black = editing;
  let block = null; // what covers the cell when the lift is sent
  send(
    () => {
      block = blockAt(cell);
      return block ? { action: "lift", row: cell[0], col: cell[1], black } : null;
    },
    () => {
      hand = {
        size: block.size,
        orientation: block.orientation,
        black,
        fill: block.fill,
        grab: [cell[0] - block.row, cell[1] - block.col],
      };
      marked = { hinted: null, lift: [] };
      draw();
      say(
        `Lifted the ${block.size} block from ${where(block.row, block.col)}: it is in hand; put it down ` +
          "elsewhere, or press Escape to leave it in the tray.",
      );
    },
  );
}

function turnHere(cell) {
  if (hand) {
    hand.orientation = hand.orientation === "h" ? "v" : "h";
    hand.grab = [hand.grab[1], hand.grab[0]];
    drawPreview();
    return;
  }
  if (!cell || !blockAt(cell)) {
    say("Pick a block first: from the tray, or from the board.");
    return;
  }
  if (editing) {
    say("While editing, pick the black block up, turn it in hand and put it down again.");
    return;
  }
  let block = null; // what covers the cell when the turn is sent: it turns about its corner
  send(
    () => {
      block = blockAt(cell);
      return block ? { action: "turn", row: cell[0], col: cell[1], black: false } : null;
    },
    () => {
      const [height, width] = extent(block.size, block.orientation === "h" ? "v" : "h");
      say(
        `Turned the ${block.size} block at ${where(block.row, block.col)}: now ${count(height, "row")} high ` +
          `and ${count(width, "column")} wide.`,
      );
    },
  );
}

function undoRedo(action) {
  send(
    () => ((action === "undo" ? game.can_undo : game.can_redo) ? { action } : null),
    () => {
      marked = { hinted: null, lift: [] };
      draw();
      say(action === "undo" ? "Undone." : "Done again.");
    },
  );
}

function hint() {
  if (!game || game.finish) return;
  enqueue(async () => {
    const answer = await client.call("POST", `${gamePath()}/hint`);
    marked = { hinted: answer.hinted, lift: answer.lift };
    show(answer);
    if (game.finish) {
      celebrate(`Hint: ${answer.hint}. ${game.finish.words}`);
    } else {
      say(`Hint: ${answer.hint}.`);
    }
  });
}

/** The board just filled: the words in the live region, a short flourish of the board (none
 * for a player who asks for reduced motion: the stylesheet's), the records again. */
function celebrate(words) {
  say(words, "done");
  board.classList.add("celebrate");
  loadRecords();
}

function showSolutions() {
  if (!game) return;
  enqueue(async () => {
    const answer = await client.call("POST", `${gamePath()}/solutions`);
    hand = null;
    viewing = { count: answer.revealed.count, solutions: answer.revealed.solutions, index: 0 };
    show(answer);
    const count = answer.revealed.count;
    const after = game.finish ? "" : " This game now sets no record.";
    say(
      count === 0
        ? "No solution: these black blocks leave no way to fill the board."
        : `${count === 1 ? "1 solution" : `${count} solutions`}.${after}`,
    );
    if (count === 0) viewing = null;
    draw();
  });
}

function step(change) {
  if (!viewing) return;
  viewing.index = Math.min(Math.max(0, viewing.index + change), viewing.solutions.length - 1);
  draw();
}

function leaveSolutions() {
  viewing = null;
  draw();
  if (messageKind !== "done") say("");
}

function toggleEditing() {
  if (!game || game.finish) return;
  if (editing && !game.can_play) {
    say("Place the three black blocks first: the challenge needs all of them.", "error");
    return;
  }
  editing = !editing;
  editAsked = editing;
  hand = null;
  draw();
  say(
    editing
      ? "Editing the black blocks: click one to pick it up and put it elsewhere (Undo takes it back). Press Edit black blocks again to play."
      : "Back to play: the black blocks stay where they are.",
  );
}

function dropHand() {
  if (viewing) {
    leaveSolutions();
    return;
  }
  if (!hand) return;
  hand = null;
  drawTray();
  drawPreview();
  if (messageKind !== "done") say("The block is back in the tray.");
}

// ---- input ---------------------------------------------------------------------------------

function cellAt(event) {
  if (!game) return null;
  const rect = board.getBoundingClientRect();
  const [rows, cols] = game.board;
  const row = Math.floor(((event.clientY - rect.top) / rect.height) * rows);
  const col = Math.floor(((event.clientX - rect.left) / rect.width) * cols);
  return row >= 0 && row < rows && col >= 0 && col < cols ? [row, col] : null;
}

function pointing() {
  if (keyboard) {
    keyboard = false;
    drawCursor();
  }
}

function listenToThePointer() {
  board.addEventListener("pointerdown", (event) => {
    if (!game || viewing || game.finish || event.button !== 0) return;
    const cell = cellAt(event);
    if (!cell) return;
    event.preventDefault();
    pointing();
    hover = cell;
    cursor = cell;
    if (hand) {
      press = { from: "hand", cell };
    } else if (blockAt(cell)) {
      press = { from: "board", cell };
      pickUp(cell);
    }
  });
  document.addEventListener("pointermove", (event) => {
    if (!game) return;
    const cell = cellAt(event);
    if (same(cell, hover) || (!cell && !hover)) return;
    hover = cell;
    if (cell) pointing();
    drawPreview();
  });
  document.addEventListener("pointerup", (event) => {
    const started = press;
    press = null;
    const cell = cellAt(event);
    if (!started || !cell || !game) return;
    if (started.from === "board" && same(cell, started.cell)) return; // a click picks it up
    putDown(cell);
  });
  board.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    if (!game || viewing || game.finish) return;
    pointing();
    turnHere(cellAt(event));
  });
  $("tray").addEventListener("pointerdown", (event) => {
    const button = event.target.closest(".tray-slot");
    if (!button || event.button !== 0) return;
    event.preventDefault();
    pointing();
    choose(Number(button.dataset.index));
    if (hand) press = { from: "tray", cell: null };
  });
  $("tray").addEventListener("click", (event) => {
    const button = event.target.closest(".tray-slot");
    if (button && event.detail === 0) choose(Number(button.dataset.index)); // from the keyboard
  });
}

const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function onKey(event) {
  if (!game || event.altKey || event.metaKey) return false;
  const key = event.key;
  const letter = key.length === 1 ? key.toLowerCase() : key;
  const ctrl = event.ctrlKey;
  if (viewing) {
    if (key === "ArrowLeft" || key === "ArrowRight") step(key === "ArrowLeft" ? -1 : 1);
    else if (key === "Escape") leaveSolutions();
    else return false;
    return true;
  }
  if (ctrl) {
    if (letter === "z" && !event.shiftKey) undoRedo("undo");
    else if (letter === "y" || (letter === "z" && event.shiftKey)) undoRedo("redo");
    else return false;
    return true;
  }
  if (ARROWS[key]) {
    const [rows, cols] = game.board;
    const [dr, dc] = ARROWS[key];
    cursor = [
      Math.min(rows - 1, Math.max(0, cursor[0] + dr)),
      Math.min(cols - 1, Math.max(0, cursor[1] + dc)),
    ];
    keyboard = true;
    drawCursor();
    drawPreview();
    return true;
  }
  if (/^[1-9]$/.test(key)) {
    keyboard = true;
    drawCursor();
    choose(Number(key) - 1);
    return true;
  }
  if (game.finish && key !== "Escape") return false;
  if (letter === "r") {
    turnHere(keyboard ? cursor : hover);
  } else if (key === "Enter" || key === " ") {
    keyboard = true;
    drawCursor();
    if (hand) putDown(cursor);
    else if (blockAt(cursor)) pickUp(cursor);
    else
      say(
        `Nothing at ${where(...cursor)}: pick a block from the tray with 1–${Math.max(1, slots().length)}.`,
      );
  } else if (key === "Escape") {
    dropHand();
  } else if (letter === "u") {
    undoRedo("undo");
  } else if (letter === "h") {
    hint();
  } else if (letter === "e") {
    toggleEditing();
  } else {
    return false;
  }
  return true;
}

function listenToTheKeyboard() {
  board.addEventListener("focus", () => {
    if (board.matches(":focus-visible") && !keyboard) {
      keyboard = true; // reached with Tab: the cursor shows where the keys act
      drawCursor();
      drawPreview();
    }
  });
  document.addEventListener("keydown", (event) => {
    const tag = event.target.tagName;
    if ($("leave").open) return; // the question's own buttons answer it
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") return;
    if (tag === "BUTTON" && (event.key === "Enter" || event.key === " ")) return;
    if (onKey(event)) event.preventDefault();
  });
}

function listenToTheControls() {
  $("turn").addEventListener("click", () => turnHere(keyboard ? cursor : null));
  $("undo").addEventListener("click", () => undoRedo("undo"));
  $("redo").addEventListener("click", () => undoRedo("redo"));
  $("hint").addEventListener("click", hint);
  $("show-solutions").addEventListener("click", showSolutions);
  $("edit").addEventListener("click", toggleEditing);
  $("previous").addEventListener("click", () => step(-1));
  $("next").addEventListener("click", () => step(1));
  $("back").addEventListener("click", leaveSolutions);
  $("challenge").addEventListener("change", () => {
    const code = $("challenge").value;
    if (code) newGame({ challenge: "published", code });
  });
  for (const id of ["edition", "level"]) $(id).addEventListener("change", listChallenges);
  $("random").addEventListener("click", () =>
    newGame({
      challenge: "random",
      level: $("level").value || null,
      edition: $("edition").value || null,
    }),
  );
  $("generate").addEventListener("click", () =>
    newGame({ challenge: "generated", level: $("level").value || null }),
  );
  $("own").addEventListener("click", () => newGame({ challenge: "own" }));
  $("previous-challenge").addEventListener("click", () => stepChallenge(-1));
  $("next-challenge").addEventListener("click", () => stepChallenge(1));
}

// ---- the challenge list --------------------------------------------------------------------

function listChallenges() {
  const edition = $("edition").value;
  const level = $("level").value;
  const groups = new Map();
  for (const c of challenges) {
    if (
      (edition && c.edition.toLowerCase() !== edition) ||
      (level && c.level.toLowerCase() !== level)
    )
      continue;
    const label = `${c.edition} · ${c.level}`;
    if (!groups.has(label)) {
      const group = document.createElement("optgroup");
      group.label = label;
      groups.set(label, group);
    }
    const text = `${c.code} (${c.edition}, ${c.level.toLowerCase()})${solvedMark(c.code)}`;
    groups.get(label).append(new Option(text, c.code));
  }
  const first = new Option("choose one…", "");
  $("challenge").replaceChildren(first, ...groups.values());
  if (game) showChallenge(game);
  else drawStepping();
}

/** ", solved" for a challenge solved in this browser (its records), ", solved with help" for
 * one solved only with a hint or the solutions, else nothing. */
function solvedMark(code) {
  const record = records?.challenges.find((r) => r.key === code);
  if (!record) return "";
  if (record.solved > 0) return " ✓ solved";
  return record.assisted > 0 ? " · solved with help" : "";
}

/** The codes of the challenge list as shown (the published order, narrowed by edition and
 * level). */
function listedCodes() {
  return [...$("challenge").options].map((option) => option.value).filter(Boolean);
}

/** The challenge `change` places from this one in the list (the first or the last when the
 * game is none of it), or null past either end. */
function stepped(change) {
  const codes = listedCodes();
  const here = game?.code ? codes.indexOf(game.code) : -1;
  if (here < 0) return codes.length ? codes[change > 0 ? 0 : codes.length - 1] : null;
  return codes[here + change] || null;
}

function drawStepping() {
  for (const [id, change] of [
    ["previous-challenge", -1],
    ["next-challenge", 1],
  ]) {
    const code = stepped(change);
    $(id).disabled = !code;
    $(id).title = code ? `Challenge ${code}` : "No challenge that way in the list";
  }
}

function stepChallenge(change) {
  const code = stepped(change);
  if (code) newGame({ challenge: "published", code });
}

let empty = { board: [8, 8], black: [], placed: [], finish: null }; // the board with no block

function fillChallenges(answer) {
  challenges = answer.challenges;
  empty = { ...empty, board: answer.board };
  for (const edition of answer.editions) $("edition").append(new Option(edition, edition));
  for (const level of answer.levels) $("level").append(new Option(level, level));
  listChallenges();
}

/** Draw at once, before the first paint: the game in play as last seen (its clock run
 * from then), or the empty board while a new game is made. Moves made on it wait in the
 * queue for the game the server sends. */
function showAtOnce(code) {
  try {
    const kept = code ? null : client.kept(); // a challenge link starts a new game
    if (!kept) {
      drawBoard(empty);
      return;
    }
    game = { ...kept.state, provisional: true };
    receivedAt = performance.now() - Math.max(0, Date.now() - kept.at);
    editing = !game.can_play;
    draw();
    showChallenge(game);
  } catch {
    unshow(); // a kept state this page cannot read (an older page's, say): the server's will do
  }
}

/** The first game: the one in play in this browser, else a new one. Runs as the first
 * request of the queue. */
async function first(listed, code) {
  const asked = client.asked;
  if (!listed) {
    try {
      fillChallenges(await client.call("GET", "/challenges"));
    } catch (error) {
      say(error.message, "error");
    }
  }
  if (code) {
    // A challenge link starts that challenge; the game in play is shown and left first,
    // once the player says so when it is in play.
    await resume(asked);
    if (client.latest(asked) && (await mayLeave())) {
      await startGame({ challenge: "published", code });
    } else {
      history.replaceState(null, "", location.pathname); // a reload resumes the kept game
    }
  } else if (!(await resume(asked)) && client.latest(asked)) {
    await startGame({ challenge: "random", level: "easy" });
  }
  await loadRecords();
  document.body.dataset.ready = "true";
}

function start() {
  listenToThePointer();
  listenToTheKeyboard();
  listenToTheControls();
  setInterval(tick, 250);
  const listed = fromPage("mondrian-challenges");
  if (listed) fillChallenges(listed);
  const code = new URLSearchParams(location.search).get("code");
  showAtOnce(code);
  client.run(() => first(listed, code));
}

start();
