// The JSON API as seen from a page: one call, one parsed answer or one readable error.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

const MOST_WAIT_SECONDS = 5;
let tellRetry = () => {};

/** How the page tells the player that a request waits to be sent again: `tell(words)`. */
export function onRetry(tell) {
  tellRetry = tell;
}

/** Call the API; resolves to the JSON answer, rejects with an ApiError carrying `detail`. The
 * `body` goes as JSON, but a file (a Blob) goes as its bytes. An answer saying that the game
 * store was busy (503 with `retry`: nothing was changed) is told and the request sent once
 * more after its Retry-After seconds. */
export async function api(method, path, body, again = true) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body instanceof Blob) {
    options.headers["Content-Type"] = "application/octet-stream";
    options.body = body;
  } else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch {
    throw new ApiError(0, "the server cannot be reached");
  }
  const answer = await response.json().catch(() => null); // null: not read
  if (response.status === 503 && answer?.retry === true && again) {
    const asked = Number(response.headers.get("Retry-After")) || 1;
    const seconds = Math.min(MOST_WAIT_SECONDS, Math.max(1, asked));
    tellRetry(`The game store is busy: nothing was changed; trying again in ${seconds} s.`);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return api(method, path, body, false);
  }
  if (!response.ok) {
    throw new ApiError(response.status, answer?.detail || `HTTP ${response.status}`);
  }
  // An answer cut short (the page left while it came, a connection dropped) is no answer: a
  // page that took it for a game would keep one without an id.
  if (answer === null) throw new ApiError(0, "the server's answer could not be read");
  return answer;
}

/** The JSON the server wrote into the page's element `id`, or null (the page served as a plain
 * file, say: it then asks the API). */
export function fromPage(id) {
  const element = document.getElementById(id);
  const text = element ? element.textContent.trim() : "";
  return text ? JSON.parse(text) : null;
}
