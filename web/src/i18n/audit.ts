// The audit page's words (audit.ts, audit.html): the frame, each check's meaning, the verdicts and the fairness
// levels. The evidence each check reports (hashes, seats, events: src/verify/) stays in the verifier's English.
import type { Translation } from "./core";

export const en = {
  "au.title": "Audit a game — Tapis",
  "au.heading": "Audit a finished game",
  "au.intro":
    "This page proves a finished game's deal in your browser: it reads the game's export document strictly, " +
    "recomputes the seed commitment, the players' entropy commitments, the deal key, the keyed hash chain and every " +
    "shuffle and deal with your browser's WebCrypto and the public protocol (docs/fair-play.md), and never asks the " +
    "server's /audit. It gives the same verdict and the same check code as the standalone verifier/tapis_verify.py " +
    "and tapis verify on every file, and says who could have chosen the deal: only the level committed is fair.",
  "au.source": "The export to check",
  "au.file": "An export file you saved (GET /v1/games/<id>/export)",
  "au.gameId": "Or a game id: the page fetches its export from this server",
  "au.fetch": "Fetch and verify",
  "au.head": "A chain head you kept while the game ran (optional, 64 hex characters)",
  "au.headHelp":
    "Each view, command answer, live event and webhook carries one. If it is the chain of some event of the file, " +
    "the history you saw is a prefix of this file: nothing before it was rewritten.",
  "au.result": "Result",
  "au.caption": "The checks done in this browser, in order",
  "au.check": "Check",
  "au.resultColumn": "Result",
  "au.detail": "Detail",
  "au.notHere": "Not checked in the browser",
  "au.notHereText":
    "These need the game's rules engine, which only the server runs: its audit re-executes every recorded command " +
    "and makes every bot's move again (GET /v1/games/<id>/audit, or tapis verify FILE offline). This page checks " +
    "the deals alone, so a forged score or an illegal move whose chain was recomputed passes here unless you give a " +
    "head you kept.",
  "au.p.protocol": "the stream has the exact shape its protocol version writes: no downgrade skipped a check",
  "au.p.commitment": "the seed revealed at the end is the one committed to before anything was dealt",
  "au.p.reveals": "each revealed entropy is the one its player committed to before anyone revealed",
  "au.p.deal_key": "the deal key mixes in the seats' entropy, as they joined or revealed it",
  "au.p.chain": "no event, its metadata or its time was edited, removed, inserted or moved without recomputing the chain",
  "au.p.shuffles": "every shuffle follows from the key, and every dealt hand, row, pile and turned card from its shuffle",
  "au.p.head": "the history you saw (the head you kept) is a prefix of this file",
  "au.l.committed":
    "fair: at least one person committed to an entropy and revealed it, so nobody, the server included, could choose the deal",
  "au.l.open":
    "not proven fair: people sent public entropy, so the server together with the last player to join could have tried entropies until the deal suited them",
  "au.l.server":
    "not proven fair: no person's entropy went into the deal (all bots, or nobody committed), so the server's seed alone fixed it, and the server could have drawn it again",
  "au.l.client": "not fair: the creator chose the seed (a test-mode server): the game is reproducible, nothing more",
  "au.l.pending": "not dealt: nobody's cards were dealt",
  "au.s.ok": "pass",
  "au.s.n/a": "does not apply",
  "au.s.partial": "pass, in part",
  "au.s.not_run": "needs the rules",
  "au.s.failed": "FAIL",
  "au.notRun": "not run",
  "au.proves": "{detail} — proves {proves}",
  "au.buildsOn": "not run: it builds on {check}, which failed",
  "au.earlier": "an earlier check",
  "au.failed": "FAILED {check}: {detail}",
  "au.passed":
    "Every check done in this browser passed ({ok} passed, {partial} in part, {na} do not apply, {rules} need the rules).",
  "au.fairness": "Fairness: {level}",
  "au.butFailed": " — but a check failed, so nothing is proven",
  "au.claims": " (the file claims {claimed}: its events do not bear that out)",
  "au.levelLine": " — {level}{failed}{claim}.",
  "au.badHead": "A chain head is 64 hex characters.",
  "au.checking": "Checking {source}…",
  "au.checkingShort": "Checking…",
  "au.about": "{source}: {game} game {id}, {players} seats, {events} events, export format {format}, dealing {dealing}.",
  "au.malformed": "Not a well-formed export ({code}), nothing checked: {message}",
  "au.unexpected": "Not checked: this page met content it did not expect ({message})",
  "au.theFile": "the file {name}",
  "au.noExport": "The export of {id} could not be fetched: {error}",
  "au.fromServer": "the export of {id} from this server",
} as const;

export const fr: Translation<typeof en> = {
  "au.title": "Auditer une partie — Tapis",
  "au.heading": "Auditer une partie terminée",
  "au.intro":
    "Cette page prouve la donne d’une partie terminée dans votre navigateur : elle lit strictement le document " +
    "d’export de la partie, recalcule l’engagement de la graine, les engagements d’entropie des joueurs, la clé de " +
    "donne, la chaîne de hachage et chaque mélange et distribution avec le WebCrypto de votre navigateur et le " +
    "protocole public (docs/fair-play.md), sans jamais demander le /audit du serveur. Elle rend le même verdict et le " +
    "même code de vérification que verifier/tapis_verify.py et tapis verify sur chaque fichier, et dit qui aurait pu " +
    "choisir la donne : seul le niveau committed est équitable.",
  "au.source": "L’export à vérifier",
  "au.file": "Un fichier d’export enregistré (GET /v1/games/<id>/export)",
  "au.gameId": "Ou l’identifiant d’une partie : la page va chercher son export sur ce serveur",
  "au.fetch": "Chercher et vérifier",
  "au.head": "Une tête de chaîne gardée pendant la partie (facultatif, 64 caractères hexadécimaux)",
  "au.headHelp":
    "Chaque vue, réponse à une commande, évènement en direct et webhook en porte une. Si c’est la chaîne d’un " +
    "évènement du fichier, l’histoire que vous avez vue est un début de ce fichier : rien avant n’a été réécrit.",
  "au.result": "Résultat",
  "au.caption": "Les vérifications faites dans ce navigateur, dans l’ordre",
  "au.check": "Vérification",
  "au.resultColumn": "Résultat",
  "au.detail": "Détail",
  "au.notHere": "Non vérifié dans le navigateur",
  "au.notHereText":
    "Ces vérifications demandent le moteur de règles du jeu, que seul le serveur fait tourner : son audit rejoue " +
    "chaque commande enregistrée et refait chaque coup des robots (GET /v1/games/<id>/audit, ou tapis verify FICHIER " +
    "hors ligne). Cette page ne vérifie que les donnes : un score falsifié ou un coup illégal dont la chaîne a été " +
    "recalculée passe ici, sauf si vous donnez une tête de chaîne gardée.",
  "au.p.protocol": "le flux a exactement la forme qu’écrit sa version du protocole : aucun retour en arrière n’a sauté de vérification",
  "au.p.commitment": "la graine révélée à la fin est celle engagée avant toute distribution",
  "au.p.reveals": "chaque entropie révélée est celle sur laquelle son joueur s’était engagé avant toute révélation",
  "au.p.deal_key": "la clé de donne mêle l’entropie des places, telle qu’elles l’ont donnée ou révélée",
  "au.p.chain": "aucun évènement, ni ses métadonnées ni son heure, n’a été modifié, retiré, inséré ou déplacé sans recalculer la chaîne",
  "au.p.shuffles": "chaque mélange découle de la clé, et chaque main, rangée, pile et carte retournée de son mélange",
  "au.p.head": "l’histoire que vous avez vue (la tête gardée) est un début de ce fichier",
  "au.l.committed":
    "équitable : au moins une personne s’est engagée sur une entropie et l’a révélée, donc personne, pas même le serveur, n’a pu choisir la donne",
  "au.l.open":
    "équité non prouvée : des personnes ont envoyé une entropie publique, donc le serveur avec le dernier joueur arrivé aurait pu essayer des entropies jusqu’à une donne qui leur convienne",
  "au.l.server":
    "équité non prouvée : aucune entropie de personne n’est entrée dans la donne (que des robots, ou personne engagé), donc la graine du serveur l’a fixée seule, et le serveur aurait pu la retirer",
  "au.l.client": "pas équitable : le créateur a choisi la graine (serveur en mode test) : la partie est reproductible, rien de plus",
  "au.l.pending": "pas distribuée : aucune carte n’a été distribuée",
  "au.s.ok": "réussie",
  "au.s.n/a": "sans objet",
  "au.s.partial": "réussie en partie",
  "au.s.not_run": "demande les règles",
  "au.s.failed": "ÉCHEC",
  "au.notRun": "non faite",
  "au.proves": "{detail} — prouve que {proves}",
  "au.buildsOn": "non faite : elle repose sur {check}, qui a échoué",
  "au.earlier": "une vérification précédente",
  "au.failed": "ÉCHEC {check} : {detail}",
  "au.passed":
    "Toutes les vérifications faites dans ce navigateur sont réussies ({ok} réussies, {partial} en partie, {na} sans objet, {rules} demandent les règles).",
  "au.fairness": "Équité : {level}",
  "au.butFailed": " — mais une vérification a échoué, donc rien n’est prouvé",
  "au.claims": " (le fichier annonce {claimed} : ses évènements ne le confirment pas)",
  "au.levelLine": " — {level}{failed}{claim}.",
  "au.badHead": "Une tête de chaîne fait 64 caractères hexadécimaux.",
  "au.checking": "Vérification de {source}…",
  "au.checkingShort": "Vérification…",
  "au.about": "{source} : partie de {game} {id}, {players} places, {events} évènements, format d’export {format}, donne {dealing}.",
  "au.malformed": "Export mal formé ({code}), rien n’est vérifié : {message}",
  "au.unexpected": "Non vérifié : cette page a rencontré un contenu inattendu ({message})",
  "au.theFile": "le fichier {name}",
  "au.noExport": "L’export de {id} n’a pas pu être obtenu : {error}",
  "au.fromServer": "l’export de {id} sur ce serveur",
};
