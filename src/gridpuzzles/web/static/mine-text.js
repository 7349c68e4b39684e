// A Minesweeper position as JSMinesweeper's .mine text (a first line WxHxM, then a row a line:
// H hidden, F flag, 0-8 a number), written and read by the pages that pass a position along:
// the analysis board keeps it in its address, and the watch page opens a step there with it.
// The server reads every form of a position (core/exchange.py); this is the one form the pages
// write, so they read back only that.

/** The position `shown` ({width, height, mines, view: rows of the game's symbols}) as .mine
 * text; a question mark is written hidden, as JSMinesweeper does. */
export function mineText(shown) {
  const rows = shown.view.map((row) => row.replace(/[#?]/g, "H"));
  return `${shown.width}x${shown.height}x${shown.mines}\n${rows.join("\n")}\n`;
}

/** The position in .mine text that `mineText` writes, to draw it before the server has read
 * it; null for any other text (the server reads every form, and says what is wrong with one). */
export function readMine(text) {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const header = /^(\d{1,3})x(\d{1,3})x(\d{1,5})$/.exec(lines[0] || "");
  if (!header) return null;
  const [width, height, mines] = header.slice(1).map(Number);
  const rows = lines.slice(1);
  const fits = (row) => row.length === width && /^[HF?0-8]*$/.test(row);
  if (!width || !height || rows.length !== height || !rows.every(fits)) return null;
  return { width, height, mines, view: rows.map((row) => row.replace(/H/g, "#")) };
}
