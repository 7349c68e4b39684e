// The Mondrian Blocks board as the pages draw it (the game page and the watch page): a grid of
// cells, each saying in words what covers it, with the blocks drawn over them in their colours.
// The look itself is static/mondrian.css.

import { where } from "./words.js";

/** The blocks on the board of `state`, the black ones first, each with `black` set. */
export function blocksOn(state) {
  return [
    ...state.black.map((b) => ({ ...b, black: true })),
    ...state.placed.map((b) => ({ ...b, black: false })),
  ];
}

/** Whether `block` covers the cell [row, col]. */
export function covers(block, [row, col]) {
  return (
    row >= block.row &&
    row < block.row + block.height &&
    col >= block.col &&
    col < block.col + block.width
  );
}

/** The id of the cell at `row`, `col` (what the grid's aria-activedescendant names). */
export function cellId(row, col) {
  return `cell-${row}-${col}`;
}

/** A clock's seconds as minutes and seconds: "1:05". */
export function duration(seconds) {
  const whole = Math.floor(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}

function describe(row, col, blocks) {
  const block = blocks.find((b) => covers(b, [row, col]));
  const what = block ? `the ${block.black ? "black " : ""}${block.size} block` : "empty";
  return `${where(row, col)}: ${what}`;
}

function blockElement(block, extra) {
  const element = document.createElement("div");
  element.setAttribute("aria-hidden", "true");
  element.className = `block ${block.black ? "black" : "coloured"} ${extra}`.trim();
  element.style.gridRow = `${block.row + 1} / span ${block.height}`;
  element.style.gridColumn = `${block.col + 1} / span ${block.width}`;
  element.style.background = block.fill;
  element.dataset.size = block.size;
  element.dataset.row = block.row;
  element.dataset.col = block.col;
  element.dataset.orientation = block.orientation;
  return element;
}

/** Draw on `board` a board of `rows` x `cols` cells with `blocks` (each with `black`) on it,
 * each block with the classes `marksOf(block)` gives. A real grid for assistive technology:
 * rows of cells (the rows are no boxes: the cells sit in the board's CSS grid), the blocks drawn
 * over them hidden from it (each cell says what covers it). */
export function drawBlocks(board, [rows, cols], blocks, marksOf = () => "") {
  board.style.setProperty("--rows", rows);
  board.style.setProperty("--cols", cols);
  const lines = [];
  for (let row = 0; row < rows; row++) {
    const line = document.createElement("div");
    line.className = "row";
    line.setAttribute("role", "row");
    for (let col = 0; col < cols; col++) {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.id = cellId(row, col);
      cell.setAttribute("role", "gridcell");
      cell.style.gridRow = String(row + 1);
      cell.style.gridColumn = String(col + 1);
      cell.dataset.row = row;
      cell.dataset.col = col;
      cell.setAttribute("aria-label", describe(row, col, blocks));
      line.append(cell);
    }
    lines.push(line);
  }
  board.replaceChildren(...lines, ...blocks.map((block) => blockElement(block, marksOf(block))));
}
