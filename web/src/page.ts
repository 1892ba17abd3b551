// The page's shared regions (index.html's <main>, its aria-live alert and notice) and the one way the lobby and the
// table call the API: every call goes through the typed client (api/client.ts) and `call`, so a refused call shows
// the server's own message (docs/errors.md) in the alert region, in the page's language.
import { tapisClient } from "./api/client";
import { button, byId, h } from "./dom";
import { errorText, t } from "./i18n";

export const api = tapisClient();

export const main = byId("main");
const errorRegion = byId("error");
export const noticeRegion = byId("notice");

export function showError(message: string): void {
  // emptied first so that the same message twice is announced twice
  errorRegion.textContent = "";
  window.setTimeout(() => {
    errorRegion.textContent = message;
  }, 30);
}

export function clearError(): void {
  errorRegion.textContent = "";
}

export function notice(message: string): void {
  noticeRegion.textContent = message;
}

/** One openapi-fetch answer: its data, or undefined after showing the server's error in words. */
export async function call<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T | undefined> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await request;
  } catch (failure) {
    if (failure instanceof DOMException && failure.name === "AbortError") return undefined;
    showError(t("net.unreachableBecause", { reason: failure instanceof Error ? failure.message : String(failure) }));
    return undefined;
  }
  if (answer.error !== undefined || !answer.response.ok) {
    showError(errorText(answer.error, answer.response));
    return undefined;
  }
  return answer.data;
}

/**
 * What the page shows when it cannot show what was asked (a game that does not exist, a server that answers 5xx or
 * not at all): a sentence in place of the missing content and a way on, never a blank page. The server's words
 * stay in the alert region; this panel says what it means here and offers the lobby and a retry.
 */
export function problem(sentence: string, retry: () => void): HTMLElement {
  return h(
    "section",
    { class: "panel problem", "aria-labelledby": "problem-title" },
    h("h1", { id: "problem-title", tabindex: "-1" }, sentence),
    h(
      "div",
      { class: "actions" },
      h("a", { href: "/", class: "button" }, t("problem.lobby")),
      button(t("problem.retry"), retry, "secondary"),
    ),
  );
}
