// The lobby and table page (index.html), its entry: `/` is the lobby (lobby.ts: list, filter and create games) and
// `/?game=<id>` one game's table (table/table.ts: its lobby, the game live, the end). The page's regions and the
// call wrapper are page.ts, the tokens this tab keeps tokens.ts, the create form's options schema-form.ts.
import { keepEntropy } from "./entropy";
import { mountLanguageSwitch, translateStatic } from "./i18n";
import { showLobby } from "./lobby";
import { onRoute } from "./navigation";
import { clearError, main, notice } from "./page";
import { Table } from "./table/table";
import { takeLink } from "./tokens";

let table: Table | null = null;

async function route(): Promise<void> {
  clearError();
  delete main.dataset["version"];
  delete main.dataset["status"];
  notice("");
  table?.close();
  table = null;
  const params = new URLSearchParams(window.location.search);
  const gameId = params.get("game");
  if (gameId) {
    // a seat or host link (`#seat=...`, `#admin=...`): kept in this tab, and out of the address bar before drawing
    const taken = takeLink(gameId, params.get("code"));
    if (taken.entropy !== null) await keepEntropy(gameId, taken.entropy).catch(() => undefined);
    table = new Table(gameId, params.get("code"));
    await table.open();
  } else {
    await showLobby();
  }
  main.focus();
}

onRoute(route);
window.addEventListener("popstate", () => void route());
translateStatic();
mountLanguageSwitch(() => void route());
void route();
