// The Minesweeper board as the pages draw it (the game page and the watch page): the grid of
// cells, each cell's look from the symbol the server sends, a cell in words, and the face.
// The look itself is static/minesweeper.css.

import { where } from "./words.js";

export const TIMER_MOST = 999; // the classic timer stops at 999 seconds

const CLASSES = {
  "#": "hidden",
  F: "hidden flag",
  "?": "hidden question",
  "*": "open mine",
  X: "open wrong",
};

/** The classes of a cell showing `symbol` (a view's character). */
function classOf(symbol) {
  return CLASSES[symbol] || `open n${symbol}`;
}

export const SYMBOL_WORDS = {
  "#": "hidden",
  F: "flagged",
  "?": "question mark",
  "*": "mine",
  X: "wrong flag",
  0: "empty",
};

/** The cell at `row`, `col` showing `symbol`, in the player's words: "row 4, column 7: flagged". */
function cellWords(symbol, row, col) {
  return `${where(row, col)}: ${SYMBOL_WORDS[symbol] || symbol}`;
}

/** The symbol at `index` (row by row) of the view of `state`. */
export function symbolOf(state, index) {
  return state.view[Math.floor(index / state.width)][index % state.width];
}

/** The index of the mine that lost `state`, or -1. */
function explodedIndex(state) {
  const exploded = state.finish?.exploded;
  return exploded ? exploded[0] * state.width + exploded[1] : -1;
}

/** Fill `board` with a grid of `width` x `height` cells (what a screen reader walks): rows of
 * cells, each with an id that the grid's aria-activedescendant can name; returns the cells by
 * index, row by row. */
export function buildCells(board, width, height) {
  board.style.setProperty("--cols", width);
  board.style.setProperty("--rows", height);
  board.setAttribute("aria-rowcount", height);
  board.setAttribute("aria-colcount", width);
  const cells = [];
  const rows = [];
  for (let r = 0; r < height; r++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    for (let c = 0; c < width; c++) {
      const cell = document.createElement("div");
      cell.dataset.index = r * width + c;
      cell.id = `cell-${r * width + c}`;
      cell.setAttribute("role", "gridcell");
      row.append(cell);
      cells.push(cell);
    }
    rows.push(row);
  }
  board.replaceChildren(...rows);
  return cells;
}

/** The index of the cell of `board` that `event` happened on, or null. */
export function cellIndexOf(board, event) {
  const cell = event.target.closest(".cell");
  return cell && board.contains(cell) ? Number(cell.dataset.index) : null;
}

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** Where the arrow `key` moves the keyboard cursor from the cell at `index` of a board `width`
 * x `height` (it stops at the edges); null for any other key. */
export function steppedTo(key, index, width, height) {
  if (!(key in STEPS)) return null;
  const [dr, dc] = STEPS[key];
  const row = Math.max(0, Math.min(height - 1, Math.floor(index / width) + dr));
  const col = Math.max(0, Math.min(width - 1, (index % width) + dc));
  return row * width + col;
}

/** Whether `cells` are still the grid of `board` for a board `width` x `height`. */
export function cellsFit(board, cells, width, height) {
  return (
    cells.length === width * height &&
    board.contains(cells[0]) &&
    board.style.getPropertyValue("--cols") === String(width)
  );
}

/** Draw the view of `state` on its `cells`: each cell's look and words from its symbol, the mine
 * that lost the game in red, and what `more(index, symbol)` adds to a cell, all optional:
 * `classes` (each after a space), `text` (for a cell showing no number), `title`, `words`
 * (after the cell's own), `background` and `ink` (CSS colours). A cell is touched only when its
 * classes, text or words change (a chance of 12.3% after one of 12.0% changes its words only). */
export function drawView(cells, state, more = () => ({})) {
  const exploded = explodedIndex(state);
  cells.forEach((cell, index) => {
    const symbol = symbolOf(state, index);
    const extra = more(index, symbol);
    const name = `cell ${classOf(symbol)}${index === exploded ? " exploded" : ""}${extra.classes || ""}`;
    const text = /[1-8]/.test(symbol) ? symbol : extra.text || "";
    const [row, col] = [Math.floor(index / state.width), index % state.width];
    const words = `${cellWords(symbol, row, col)}${extra.words || ""}`;
    if (
      cell.className === name &&
      cell.textContent === text &&
      cell.getAttribute("aria-label") === words
    )
      return;
    cell.className = name;
    cell.textContent = text;
    cell.dataset.symbol = symbol;
    cell.title = extra.title || "";
    cell.setAttribute("aria-label", words);
    cell.style.backgroundColor = extra.background || "";
    cell.style.color = extra.ink || "";
  });
}

// The face of the classic game: smiling, wowed while a cell is pressed, in sunglasses for a
// win, dead for a loss (which of its parts shows is minesweeper.css's).
const FACE = `<svg viewBox="0 0 26 26" aria-hidden="true">
  <circle cx="13" cy="13" r="11" fill="#ff0" stroke="#000" stroke-width="1.2"/>
  <g class="eyes"><circle cx="9" cy="10" r="1.5"/><circle cx="17" cy="10" r="1.5"/></g>
  <g class="dead" stroke="#000" stroke-width="1.2"><path d="M7 8l4 4M11 8l-4 4M15 8l4 4M19 8l-4 4"/></g>
  <g class="shades">
    <path d="M4.5 9.5h17" stroke="#000" stroke-width="1"/>
    <path d="M6 9.5h5.5l-0.8 3h-3.8zM14.5 9.5h5.5l-0.9 3h-3.8z"/>
  </g>
  <path class="smile" d="M8 16q5 4.5 10 0" fill="none" stroke="#000" stroke-width="1.4"/>
  <path class="frown" d="M8 19q5 -4.5 10 0" fill="none" stroke="#000" stroke-width="1.4"/>
  <ellipse class="wow" cx="13" cy="17.5" rx="2.2" ry="2.6" fill="none" stroke="#000" stroke-width="1.4"/>
</svg>`;

/** Show on `element` (a .face) the face of a game whose status is `status` ("playing", "won",
 * "lost", "left", or "worried" while a cell is pressed): a game left is a loss. */
export function showFace(element, status) {
  if (!element.firstElementChild) element.innerHTML = FACE;
  element.dataset.face = status === "left" ? "lost" : status;
}
