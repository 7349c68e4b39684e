// The probability overlay as every Minesweeper page draws it (the game page and the analysis
// board): the risk bands of every shell (minesweeper/core/scale.py, sent with the options), the
// legend of the bands and of the solver's marks, what a hidden cell says of its chance, and the
// label that shows a small cell's chance on hover, focus or press. The look is minesweeper.css.

/** A mine chance as the overlay writes it: a whole percentage, 0 and 100 only when certain
 * (as the full-screen app draws it). */
export function percentOf(chance) {
  if (chance <= 0) return 0;
  if (chance >= 1) return 100;
  return Math.min(99, Math.max(1, Math.round(chance * 100)));
}

/** The risk band of `bands` (the options' `risk_bands`) of a mine chance, with its place in
 * the scale as `index`. */
export function bandOf(bands, chance) {
  const percent = percentOf(chance);
  const index = bands.findIndex((band) => percent <= band.upto);
  return { ...bands[index], index };
}

/** The band's name in words: "certainly safe", "1% to 9%", ..., "certainly a mine". */
function bandWords(band, below) {
  if (band.upto === 0) return "certainly safe";
  if (band.upto === 100) return "certainly a mine";
  return `${below + 1}% to ${band.upto}%`;
}

export const MARK_WORDS = {
  dead: "dead: tells nothing new",
  "fifty-fifty": "unavoidable 50/50: no later move can settle it",
};

// What each mark's swatch shows in the legend: a chance such a cell may have.
const MARK_SWATCH = { dead: "20", "fifty-fifty": "50" };

/** One entry of the legend: a swatch (its look from `classes`, hidden from a screen reader,
 * which hears the words) and its words. */
function legendEntry(classes, text, words) {
  const entry = document.createElement("span");
  entry.className = "legend-entry";
  const swatch = document.createElement("span");
  swatch.className = `swatch ${classes}`;
  swatch.setAttribute("aria-hidden", "true");
  swatch.textContent = text;
  entry.append(swatch, ` ${words}`);
  return { entry, swatch };
}

/** Fill `legend` with the overlay's legend: the list of the risk bands of `bands` (each its
 * colour, its mark as the cells show it and its name), then the solver's two marks. */
export function fillLegend(legend, bands) {
  const list = document.createElement("span");
  list.id = "risk-legend";
  list.className = "risk-legend";
  list.setAttribute("role", "list");
  list.setAttribute("aria-label", "Chance of a mine");
  list.append(
    ...bands.map((band, index) => {
      const { entry, swatch } = legendEntry(
        "band",
        band.legend,
        bandWords(band, index ? bands[index - 1].upto : 0),
      );
      entry.setAttribute("role", "listitem");
      swatch.style.backgroundColor = band.background;
      swatch.style.color = band.ink;
      return entry;
    }),
  );
  const marks = Object.entries(MARK_WORDS).map(
    ([mark, words]) => legendEntry(mark, MARK_SWATCH[mark], words).entry,
  );
  legend.replaceChildren(list, ...marks);
}

/** A mine chance in words: "12.5% chance of a mine". */
export function chanceWords(chance) {
  return `${(chance * 100).toFixed(1)}% chance of a mine`;
}

/** What the overlay says of a hidden cell: its mine `chance`, its `mark` ("dead",
 * "fifty-fifty" or null) and, for the likely guesses, the `safety` (the chance to be safe and
 * have a safe next move, or null). */
export function seenWords(chance, mark, safety) {
  const said = [chanceWords(chance)];
  if (mark) said.push(MARK_WORDS[mark]);
  if (safety !== null)
    said.push(`${Math.round(safety * 100)}% chance to be safe and have a safe next move`);
  return said.join("; ");
}

/** What the overlay adds to a hidden cell, as mines-board.js's `drawView` takes it: the band's
 * classes and colours, the whole percentage as its text, and its words (`seenWords`). */
export function overlaid(bands, chance, mark, safety) {
  const band = bandOf(bands, chance);
  const seen = seenWords(chance, mark, safety);
  return {
    classes: ` chance band${band.index}${mark ? ` ${mark}` : ""}`,
    text: String(percentOf(chance)),
    title: seen,
    words: `, ${seen}`,
    background: band.background,
    ink: band.ink,
  };
}

const LEGIBLE_PX = 11; // the smallest overlay number drawn in its cell

/** Mark `board` tiny when its overlay numbers, on cells of `size` px, would be under
 * LEGIBLE_PX: they then show in the chance label on hover, focus or press. */
export function markTiny(board, size) {
  board.classList.toggle("tiny", size * 0.45 < LEGIBLE_PX);
}

let labelTimer = null;

/** In a tiny `board`, show the overlay's number of `cell` in `label` above it (for `ms`
 * milliseconds when given); hide it when there is no cell or it has no chance. */
export function showChanceLabel(label, board, cell, ms) {
  clearTimeout(labelTimer);
  if (!cell || !board.classList.contains("tiny") || !cell.classList.contains("chance")) {
    label.hidden = true;
    return;
  }
  const box = cell.getBoundingClientRect();
  label.textContent = `${cell.textContent}%`;
  const below = box.top < 40; // no room above: under the cell
  label.style.left = `${box.left + box.width / 2}px`;
  label.style.top = `${below ? box.bottom + 4 : box.top - 4}px`;
  label.style.transform = below ? "translate(-50%, 0)" : "";
  label.hidden = false;
  if (ms)
    labelTimer = setTimeout(() => {
      label.hidden = true;
    }, ms);
}

/** Hide the chance label. */
export function hideChanceLabel(label) {
  clearTimeout(labelTimer);
  label.hidden = true;
}
