// Moving between the page's views without a reload: the entry (app.ts) registers its router here, so the lobby and
// the table can go to another view (a created game, a rematch, a retry) without importing the entry.

let router: () => Promise<void> = async () => {};

/** Sets what draws the page for the current address (app.ts's `route`). */
export function onRoute(draw: () => Promise<void>): void {
  router = draw;
}

/** Draws the page again for the current address. */
export function route(): Promise<void> {
  return router();
}

/** Goes to `url` (a new history entry) and draws it. */
export function navigate(url: string): void {
  window.history.pushState(null, "", url);
  void route();
}
