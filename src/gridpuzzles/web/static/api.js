// The JSON API as seen from a page: one call, one parsed answer or one readable error.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

/** Call the API; resolves to the JSON answer, rejects with an ApiError carrying `detail`. */
export async function api(method, path, body) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, "the server cannot be reached");
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ApiError(response.status, answer.detail || `HTTP ${response.status}`);
  }
  return answer;
}
