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

export const KEPT_PLAYING = "You kept playing: the game goes on.";

/** Whether the player may replace the game on the page: at once when that costs nothing
 * (`costs()` is false), else when they say so (false while the question is already open).
 * When they keep playing, `kept(game)` runs with the game they were asked about (the page
 * shows its own settings again if it is still the one on the page) and `say` tells them. */
export async function mayLeave({ costs, current, kept, say }) {
  if (askingToLeave()) return false; // already asked (F2 while the question is open, say)
  if (!costs()) return true;
  const asked = current();
  if (await askToLeave()) return true;
  kept(asked);
  say(KEPT_PLAYING);
  return false;
}
