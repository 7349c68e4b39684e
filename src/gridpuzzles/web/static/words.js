// Words every page says of a board: a cell as a person counts it, from 1.

/** A cell in the player's words, counting from 1: "row 4, column 7". */
export function where(row, col) {
  return `row ${row + 1}, column ${col + 1}`;
}
