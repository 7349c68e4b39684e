// The links a game page offers once a game is over: to the watch page, and the way each page
// shows such a link only while it leads somewhere.

/** The address of the page that watches the finished game `id` again, step by step. */
export function watchAddress(id) {
  return `/watch/${encodeURIComponent(id)}`;
}

/** Point `link` at `address` and show it, or hide it when there is none (null). */
export function offer(link, address) {
  link.hidden = address === null;
  if (address === null) link.removeAttribute("href");
  else link.href = address;
}
