// The Mondrian Blocks page: pick or place the three black blocks, then step through the
// solutions the server finds. Rules and solving are the server's.

import { api } from "./api.js";

const API = "/api/mondrian";
const SIZE = 8;
const BLACK_FILL = "#1a1a1a";

const $ = (id) => document.getElementById(id);
const board = $("board");

let black = []; // [{size, row, col, orientation}] as the API takes them
let challenges = [];
let found = null; // the last Solutions answer
let shown = 0; // the solution on the board
let piece = "1x1";
let orientation = "h";

function say(text, isError = false) {
  $("message").textContent = text;
  $("message").classList.toggle("error", isError);
}

function extent(block) {
  const length = Number(block.size.split("x")[1]);
  return block.orientation === "v" ? [length, 1] : [1, length];
}

function blockElement(row, col, height, width, fill, extraClass) {
  const element = document.createElement("div");
  element.className = `block ${extraClass}`;
  element.style.gridRow = `${row + 1} / span ${height}`;
  element.style.gridColumn = `${col + 1} / span ${width}`;
  element.style.background = fill;
  return element;
}

function draw() {
  const squares = [];
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const square = document.createElement("div");
      square.className = "square";
      square.style.gridRow = String(row + 1);
      square.style.gridColumn = String(col + 1);
      square.dataset.row = row;
      square.dataset.col = col;
      squares.push(square);
    }
  }
  const blocks = found && found.solutions.length
    ? found.solutions[shown].map((b) =>
      blockElement(b.row, b.col, b.height, b.width, b.fill, b.colour === "black" ? "black solved" : "coloured"))
    : black.map((b) => {
      const [height, width] = extent(b);
      const element = blockElement(b.row, b.col, height, width, BLACK_FILL, "black");
      element.dataset.size = b.size;
      return element;
    });
  board.replaceChildren(...squares, ...blocks);
  const total = found ? found.count : 0;
  $("position").textContent = found && found.solutions.length
    ? `${shown + 1} of ${total}` + (total > found.solutions.length ? ` (first ${found.solutions.length} shown)` : "")
    : "";
  $("previous").disabled = !found || shown === 0;
  $("next").disabled = !found || shown >= found.solutions.length - 1;
  $("solve").disabled = black.length !== 3;
}

function unsolved() {
  found = null;
  shown = 0;
}

function place(row, col) {
  black = black.filter((b) => b.size !== piece);
  black.push({ size: piece, row, col, orientation });
  $("challenge").value = "";
  unsolved();
  say(black.length === 3 ? "Three black blocks placed: Solve." : "");
  draw();
}

async function solve() {
  try {
    found = await api("POST", `${API}/solutions`, { black });
    shown = 0;
    say(found.count === 0 ? "No solution: the coloured blocks cannot fill the rest."
      : found.count === 1 ? "1 solution." : `${found.count} solutions.`);
  } catch (error) {
    unsolved();
    say(error.message, true);
  }
  draw();
}

function pick() {
  const chosen = challenges.find((c) => c.code === $("challenge").value);
  black = chosen ? chosen.black.map((b) => ({ ...b })) : [];
  unsolved();
  say(chosen ? `Challenge ${chosen.code} (${chosen.edition}, ${chosen.level}).` : "");
  draw();
}

function listen() {
  board.addEventListener("click", (event) => {
    const target = event.target;
    if (target.classList.contains("black") && !target.classList.contains("solved")) {
      black = black.filter((b) => b.size !== target.dataset.size);
      unsolved();
      draw();
    } else if (target.classList.contains("square")) {
      place(Number(target.dataset.row), Number(target.dataset.col));
    }
  });
  for (const button of document.querySelectorAll(".piece")) {
    button.addEventListener("click", () => {
      piece = button.dataset.size;
      for (const other of document.querySelectorAll(".piece")) {
        other.setAttribute("aria-pressed", String(other === button));
      }
    });
  }
  $("rotate").addEventListener("click", () => {
    orientation = orientation === "h" ? "v" : "h";
    $("rotate").textContent = orientation === "h" ? "horizontal" : "vertical";
  });
  $("clear").addEventListener("click", () => {
    black = [];
    $("challenge").value = "";
    unsolved();
    say("");
    draw();
  });
  $("challenge").addEventListener("change", pick);
  $("solve").addEventListener("click", solve);
  $("previous").addEventListener("click", () => { shown -= 1; draw(); });
  $("next").addEventListener("click", () => { shown += 1; draw(); });
}

async function start() {
  listen();
  draw();
  try {
    const answer = await api("GET", `${API}/challenges`);
    challenges = answer.challenges;
    if (answer.note) say(answer.note, true);
  } catch (error) {
    say(error.message, true);
  }
  const groups = new Map();
  for (const c of challenges) {
    const label = `${c.edition} · ${c.level}`;
    if (!groups.has(label)) {
      const group = document.createElement("optgroup");
      group.label = label;
      groups.set(label, group);
    }
    groups.get(label).append(new Option(`${c.code} (${c.edition}, ${c.level})`, c.code));
  }
  $("challenge").append(...groups.values());
  document.body.dataset.ready = "true";
}

start();
