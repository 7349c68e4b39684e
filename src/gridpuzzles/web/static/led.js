// Seven-segment LED counters, drawn as SVG like the classic Minesweeper mine and time displays.

const SVG = "http://www.w3.org/2000/svg";

const SEGMENTS = {
  a: "1.5,0.5 10.5,0.5 8.7,2.3 3.3,2.3",
  b: "11,1 11,10.5 9.2,9.6 9.2,2.8",
  c: "11,11.5 11,21 9.2,19.2 9.2,12.4",
  d: "1.5,21.5 10.5,21.5 8.7,19.7 3.3,19.7",
  e: "1,11.5 1,21 2.8,19.2 2.8,12.4",
  f: "1,1 1,10.5 2.8,9.6 2.8,2.8",
  g: "1.5,11 3.3,10.1 8.7,10.1 10.5,11 8.7,11.9 3.3,11.9",
};

const LIT = {
  0: "abcdef",
  1: "bc",
  2: "abdeg",
  3: "abcdg",
  4: "bcfg",
  5: "acdfg",
  6: "acdefg",
  7: "abc",
  8: "abcdefg",
  9: "abcdfg",
  "-": "g",
  " ": "",
};

function digit() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 12 22");
  svg.setAttribute("class", "digit");
  for (const [name, points] of Object.entries(SEGMENTS)) {
    const segment = document.createElementNS(SVG, "polygon");
    segment.setAttribute("points", points);
    segment.dataset.segment = name;
    svg.append(segment);
  }
  return svg;
}

/** Show `value` (at most `most`: the classic timer stops at 999) on the LED counter
 * `element`: three digits, or as many more as the value needs (a mines counter of 1200). */
export function showNumber(element, value, most = Infinity) {
  const clamped = Math.min(most, Math.trunc(value));
  const text =
    clamped < 0 ? `-${String(-clamped).padStart(2, "0")}` : String(clamped).padStart(3, "0");
  if (element.childElementCount !== text.length) {
    element.replaceChildren(...Array.from(text, digit));
  }
  element.setAttribute("aria-label", String(clamped));
  element.dataset.value = String(clamped);
  [...element.children].forEach((svg, i) => {
    const lit = LIT[text[i]];
    for (const segment of svg.children) {
      segment.classList.toggle("on", lit.includes(segment.dataset.segment));
    }
  });
}
