// "Leave this game?": the question both pages ask, in their own <dialog id="leave"> with a
// Keep playing button (#keep-playing, focused first) and a Leave button (#leave-game), before
// a game in play is replaced. Each page says what leaving costs in the dialog's words.

const $ = (id) => document.getElementById(id);

let asking = null; // the question while it is asked: resolves to the answer

/** Whether the question is being asked now (a second question then waits for no answer). */
export function askingToLeave() {
  return asking !== null;
}

/** Ask the player whether to leave the game on the page; resolves to true to leave it.
 * Escape, or Keep playing, keeps it. */
export function askToLeave() {
  if (asking) return asking;
  const dialog = $("leave");
  asking = new Promise((resolve) => {
    const answer = (leaving) => {
      $("leave-game").removeEventListener("click", leaves);
      $("keep-playing").removeEventListener("click", keeps);
      dialog.removeEventListener("cancel", cancels);
      dialog.close();
      asking = null;
      resolve(leaving);
    };
    const leaves = () => answer(true);
    const keeps = () => answer(false);
    const cancels = (event) => {
      event.preventDefault();
      answer(false);
    };
    $("leave-game").addEventListener("click", leaves);
    $("keep-playing").addEventListener("click", keeps);
    dialog.addEventListener("cancel", cancels);
    dialog.showModal();
    $("keep-playing").focus();
  });
  return asking;
}
