// The game's live stream (GET /v1/games/{id}/stream, SSE). EventSource cannot send `Authorization`, and the stream
// redacts each event for its bearer, so it is read with fetch (through the typed client, `parseAs: "stream"`) and
// parsed with eventsource-parser. Each event is handed to the table, which reads the view again (the view is the
// source of truth, the stream says when to read it) and says the event in words (pace.ts). A dropped connection is resumed with `Last-Event-ID` (the last
// version seen), after a growing pause; the line under the heading says whether the table is live.
import { createParser } from "eventsource-parser";

import { bearer } from "../api/client";
import { errorText, t } from "../i18n";
import { api } from "../page";
import type { LiveEvent } from "./pace";

/** An event's JSON as the stream sends it; null for one that does not read as an event (it still means: read). */
function parsed(data: string, version: number): LiveEvent | null {
  try {
    const event = JSON.parse(data) as Partial<LiveEvent>;
    if (typeof event.type !== "string") return null;
    return { version: typeof event.version === "number" ? event.version : version, type: event.type, data: event.data ?? {} };
  } catch {
    return null;
  }
}

export class LiveStream {
  private stream: AbortController | null = null;
  private streamToken: string | null = null;

  constructor(
    private readonly gameId: string,
    private readonly line: HTMLElement,
    /** Called with each event (null: the stream was resumed, the view may have moved meanwhile). */
    private readonly changed: (event: LiveEvent | null) => void,
  ) {}

  /** Follows the stream with `token` from `from` (a stream already followed with the same token is kept). */
  follow(token: string | null, from: number): void {
    if (this.stream && this.streamToken === token) return;
    this.stream?.abort();
    const controller = new AbortController();
    this.stream = controller;
    this.streamToken = token;
    void this.listen(controller, token, from);
  }

  close(): void {
    this.stream?.abort();
    this.stream = null;
  }

  private async listen(controller: AbortController, token: string | null, from: number): Promise<void> {
    let last = from;
    let pause = 1000;
    while (!controller.signal.aborted) {
      let retryAfter: number | null = null;
      try {
        const answer = await api.GET("/v1/games/{game_id}/stream", {
          params: { path: { game_id: this.gameId }, header: { "Last-Event-ID": String(last) } },
          headers: bearer(token),
          parseAs: "stream",
          signal: controller.signal,
        });
        if (answer.error !== undefined || !answer.data) {
          const seconds = Number(answer.response.headers.get("Retry-After"));
          retryAfter = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
          this.line.textContent = t("live.refused", { error: errorText(answer.error, answer.response) });
        } else {
          this.line.textContent = t("live.on");
          pause = 1000;
          const parser = createParser({
            onEvent: (message) => {
              const version = Number(message.id);
              if (Number.isInteger(version) && version > last) last = version;
              this.changed(parsed(message.data, version));
            },
          });
          const reader = answer.data.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const chunk = await reader.read();
            if (chunk.done) break;
            parser.feed(chunk.value);
          }
          this.line.textContent = t("live.reconnecting");
        }
      } catch (failure) {
        if (controller.signal.aborted) return;
        this.line.textContent = t("live.lost");
      }
      if (controller.signal.aborted) return;
      await new Promise((resolve) => window.setTimeout(resolve, retryAfter ?? pause));
      pause = Math.min(pause * 2, 15000);
      // what happened while the stream was down comes with the resumed stream; the view may have moved already
      this.changed(null);
    }
  }
}
