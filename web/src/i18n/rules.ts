// The rules panel's words (src/rules.ts): each game's rules written for the people at the table, as Tapis plays them
// (../shared/rules/<game>.md, docs/games/), in the words of the French rule texts (the seeds): têtes de bœuf,
// rangées, contrats du barbu, haricots of the French edition, the Daron's cards. A section's text is paragraphs
// separated by a blank line; a line starting "- " is an item of a list (src/rules.ts draws them).
import type { Translation } from "./core";

/** Each game's sections, in the order the panel shows them: `rules.<game>.<section>` (title) and `….text`. */
export const SECTIONS: Readonly<Record<string, readonly string[]>> = {
  "six-nimmt": ["goal", "cards", "turn", "rows", "end", "pro"],
  "le-baron": ["goal", "cards", "turn", "rows", "end", "variants"],
  barbu: ["goal", "deal", "contracts", "tricks", "reussite", "end"],
  daron: ["goal", "cards", "turn", "draw", "attacks", "end"],
  bohnanza: ["goal", "fields", "turn", "trade", "harvest", "end"],
};

export const en = {
  "rules.open": "Rules",
  "rules.openOf": "Rules of {game}",
  "rules.title": "Rules of {game}",
  "rules.close": "Close",
  "rules.none": "This client has no rules text for {game} yet.",
  "tools.label": "Rules and scores",

  "rules.six-nimmt.goal": "The aim",
  "rules.six-nimmt.goal.text":
    "Take as few bull heads as you can. Every card you are made to take counts its heads against you; the game ends "
    + "after the round in which someone reaches the threshold (66 by default) or after a set number of rounds, and "
    + "the fewest heads wins. Ties share the win.",
  "rules.six-nimmt.cards": "The cards",
  "rules.six-nimmt.cards.text":
    "Cards run from 1 to 104 and carry bull heads: 55 has 7, the other doubles (11, 22…) 5, the tens 3, the other "
    + "fives 2, every other card 1.\n\n"
    + "With the reduced deck (the default) only the cards 1 to 10 × players + 4 are used: at three players, 1 to 34. "
    + "The full deck uses all 104 whatever the number of players.",
  "rules.six-nimmt.turn": "A turn",
  "rules.six-nimmt.turn.text":
    "Each player gets 10 cards and four cards start four rows. Each turn everyone picks one card in secret; you may "
    + "change your mind until the last player has picked. Then the cards are shown and placed one by one, lowest "
    + "first. After 10 turns the round ends and each player adds the heads they took.",
  "rules.six-nimmt.rows": "Where a card goes",
  "rules.six-nimmt.rows.text":
    "- A card goes at the end of the row whose last card is the highest one below it (a 34 goes after a 33, never "
    + "after a 20).\n"
    + "- If that row already holds five cards, you take those five and your card starts the row.\n"
    + "- If your card is lower than every row's last card, you choose a row to take, and your card starts it. "
    + "Everyone waits for your choice.",
  "rules.six-nimmt.end": "Ending the game",
  "rules.six-nimmt.end.text":
    "The End option says when it stops: Threshold ends after the round in which a player's total reaches the points "
    + "given; Rounds plays exactly that many rounds.",
  "rules.six-nimmt.pro": "Pro variant",
  "rules.six-nimmt.pro.text":
    "No luck at all: the 10 × players + 4 cards are laid face up and each player drafts one at a time until everyone "
    + "holds 10; the first to draft moves on each round. The four cards left start the rows, and every hand stays "
    + "open to all.",

  "rules.le-baron.goal": "The aim",
  "rules.le-baron.goal.text":
    "Like 6 nimmt, but the colours of the bull heads decide where a card may go; the numbers only set the order in "
    + "which cards are placed. Each bull head on the cards you take is a point against you; the fewest points win "
    + "(ties share the win).",
  "rules.le-baron.cards": "The cards",
  "rules.le-baron.cards.text":
    "110 cards, each with one or more bull heads in six colours: blue, yellow, green, red, black and white. A card "
    + "is worth as many points as it has heads. Cards 52 and 104 are the Baron: one head of each colour, 6 points, "
    + "and it matches every row.\n\n"
    + "Each player has a face-down pile that nobody may look at, not even its owner, and draws four cards from it "
    + "into the hand; only when the hand is empty does one draw four again. Five rows start with one card each.",
  "rules.le-baron.turn": "A turn",
  "rules.le-baron.turn.text":
    "Everyone picks one card in secret and may change it until all have picked. The cards are then shown and placed "
    + "one by one, lowest number first. A card goes at the end of a row whose last card shares at least one colour "
    + "with it; if several rows do, its player chooses.",
  "rules.le-baron.rows": "Taking cards",
  "rules.le-baron.rows.text":
    "- Sixth card: the sixth card of a row takes the five before it and starts the row.\n"
    + "- Six of a colour: if the row then shows six heads or more of one colour, your card takes every card before "
    + "it and starts the row.\n"
    + "- No match: a card that shares no colour with any row's last card takes a whole row of its player's choice, "
    + "and starts it.",
  "rules.le-baron.end": "The end",
  "rules.le-baron.end.text":
    "The round ends when every hand and pile is empty. The Rounds option plays more rounds, scores added up.",
  "rules.le-baron.variants": "Variants",
  "rules.le-baron.variants.text":
    "- Colour first: no sixth-card rule; a row grows until a colour reaches six heads.\n"
    + "- Positive: the points you take are good and the most points win. A card that matches no row goes face down "
    + "under your own pile instead of taking a row. As soon as a player has played their last card the turn is "
    + "finished and the round ends; every card still in a hand or pile counts against its owner.",

  "rules.barbu.goal": "The aim",
  "rules.barbu.goal.text":
    "A trick-taking game of seven contracts, with no trumps. Points are bad: the lowest total at the end wins (ties "
    + "share the win).",
  "rules.barbu.deal": "Deal and rounds",
  "rules.barbu.deal.text":
    "Each round the 52 cards are shared out (13 each at four players); the cards left over are set aside face up and "
    + "count for nothing. Each round one player, the dealer, chooses a contract they have not chosen yet, and plays "
    + "first; the next player chooses the next round. Every player chooses every contract once, so four players play "
    + "28 rounds with all seven contracts.",
  "rules.barbu.contracts": "The contracts",
  "rules.barbu.contracts.text":
    "- King of hearts: 100 points to whoever takes the king of hearts; the round stops there.\n"
    + "- Queens: 25 points per queen taken.\n"
    + "- Hearts: 10 points per heart taken.\n"
    + "- Tricks: 10 points per trick taken.\n"
    + "- Last trick: 100 points to whoever takes the last trick.\n"
    + "- Salad: all five at once.\n"
    + "- Réussite: a game of patience: the first player out scores −100, the second −50.",
  "rules.barbu.tricks": "Playing a trick",
  "rules.barbu.tricks.text":
    "The dealer leads the first trick; the others follow in turn. You must follow the suit led if you can; otherwise "
    + "play any card, which cannot win. The highest card of the suit led takes the trick, and its taker leads next.\n\n"
    + "In King of hearts, Queens, Hearts and Salad no heart may be played in the first trick unless you hold only "
    + "hearts. With the Early end option, Queens stops once every queen is taken and Hearts once every heart is.",
  "rules.barbu.reussite": "Réussite",
  "rules.barbu.reussite.text":
    "The dealer plays any card: its rank opens the round. In turn, each player either opens a new suit with a card "
    + "of that rank or extends a line already open by the rank just above its top or just below its bottom. Who can "
    + "play must; who cannot passes. After an ace you may play once more at once, or pass. The round ends when two "
    + "players are out (or when nobody can play any more).",
  "rules.barbu.end": "The end",
  "rules.barbu.end.text":
    "The game ends when every player has chosen every contract in play, or sooner with the Max rounds option. The "
    + "score sheet shows each round's contract, who chose it and the points of each player.",

  "rules.daron.goal": "The aim",
  "rules.daron.goal.text":
    "Get rid of your cards first, and attack the others with duels and brawls. Three rounds; the highest total "
    + "wins (ties share the win).",
  "rules.daron.cards": "The cards",
  "rules.daron.cards.text":
    "100 cards: number cards 1 to 9, even and odd jokers, the +2, +3, +4, +5 and ×2 cards, and 12 Daron cards. Each "
    + "player gets 7 cards and a number card is turned up to start the discard pile.",
  "rules.daron.turn": "Your turn: one action",
  "rules.daron.turn.text":
    "- Deposit: cover the top card with the same number, the one below or the one above (on a 4: a 3, 4 or 5). "
    + "You may lay several at once, in the order you like, each following on from the last. A 1 or a 9 reverses "
    + "the direction and you play again.\n"
    + "- A +2…+5 or ×2 card first changes the number to cover (top + k, or double), then lay that exact number.\n"
    + "- An even joker on an even top (odd on odd), at the start of your turn only: then lay any number card.\n"
    + "- Or draw a card (see below), start a duel or start a brawl.",
  "rules.daron.draw": "Drawing",
  "rules.daron.draw.text":
    "If you cannot or will not lay, draw one card. If the card drawn can be laid you may then make one deposit, "
    + "which must include the drawn card (a drawn joker or Daron card never can); otherwise, or if you prefer, "
    + "pass and your turn ends.",
  "rules.daron.attacks": "Duels and brawls",
  "rules.daron.attacks.text":
    "- Duel: lay a +2…+5 against the next player. They riposte with a higher + card or a ×2 (which doubles the "
    + "amount), back and forth, or give in and draw the amount.\n"
    + "- Brawl (bagarre générale): lay one or more Daron cards; each next player must lay at least one more, round "
    + "and round, the one who started included. The first who cannot or will not draws 2 per Daron card for the "
    + "first three and 1 per card beyond.",
  "rules.daron.end": "Going out and scoring",
  "rules.daron.end.text":
    "Never keep a single card: whoever is left with one draws another at once. You go out by laying your whole hand "
    + "in one deposit ending on a number card. The first out wins the round and scores 5 plus the largest hand left "
    + "(number card 1 point, joker 3, any other card 2); nobody else scores. Every hand is shown at the end of a "
    + "round: the score sheet keeps them.",

  "rules.bohnanza.goal": "The aim",
  "rules.bohnanza.goal.text":
    "Plant beans in your fields and harvest them for coins. The most coins wins; a tie goes to the tied player "
    + "seated furthest from the first player.",
  "rules.bohnanza.fields": "Hand and fields",
  "rules.bohnanza.fields.text":
    "Your hand is a queue: never reorder it; cards drawn go to its back. Each field holds one kind of bean. At three "
    + "players each has three fields; at four or five, two, and a third can be bought for 3 coins.",
  "rules.bohnanza.turn": "Your turn",
  "rules.bohnanza.turn.text":
    "- Plant the first card of your hand, then the next one if you like.\n"
    + "- Turn up two cards from the deck: they are yours to plant or trade.\n"
    + "- Trade with the others; then every player plants the cards they received or kept.\n"
    + "- Draw three cards to the back of your hand; the next player's turn begins.",
  "rules.bohnanza.trade": "Trading",
  "rules.bohnanza.trade.text":
    "Trades are made with the player whose turn it is only, from the hand or the turned-up cards, and both sides "
    + "must agree (a gift too). Cards received are planted at the end of trading, never kept in the hand.",
  "rules.bohnanza.harvest": "Harvesting",
  "rules.bohnanza.harvest.text":
    "You may harvest a field at any time: the bean-o-meter on the card says how many coins its cards bring. A field "
    + "of one card cannot be harvested while another of your fields holds more.",
  "rules.bohnanza.end": "The end",
  "rules.bohnanza.end.text":
    "The deck is reshuffled from the discard pile twice; when it runs out the third time the game ends, every field "
    + "is harvested and the cards in hand count for nothing. The Extended option is the game for 6 or 7 players "
    + "(coffee and wax beans instead of cocoa and garden, four cards drawn, a third field for 2 coins).",
} as const;

export const fr: Translation<typeof en> = {
  "rules.open": "Règles",
  "rules.openOf": "Règles de {game}",
  "rules.title": "Règles de {game}",
  "rules.close": "Fermer",
  "rules.none": "Ce client n’a pas encore les règles de {game}.",
  "tools.label": "Règles et marque",

  "rules.six-nimmt.goal": "Le but",
  "rules.six-nimmt.goal.text":
    "Ramasser le moins de têtes de bœuf possible. Chaque carte que vous devez prendre compte ses têtes contre vous ; "
    + "la partie s’arrête à la fin de la manche où un joueur atteint le seuil (66 par défaut) ou après un nombre de "
    + "manches fixé, et celui qui a le moins de têtes de bœuf gagne. Les ex æquo gagnent ensemble.",
  "rules.six-nimmt.cards": "Les cartes",
  "rules.six-nimmt.cards.text":
    "Les cartes vont de 1 à 104 et portent des têtes de bœuf : le 55 en a 7, les autres doublés (11, 22…) 5, les "
    + "dizaines 3, les autres cartes finissant par 5 en ont 2, toutes les autres 1.\n\n"
    + "Avec le paquet réduit (par défaut), seules les cartes de 1 à 10 × joueurs + 4 servent : à trois, de 1 à 34. "
    + "Le paquet complet prend les 104 cartes quel que soit le nombre de joueurs.",
  "rules.six-nimmt.turn": "Un tour",
  "rules.six-nimmt.turn.text":
    "Chacun reçoit 10 cartes et quatre cartes ouvrent quatre rangées. À chaque tour, tous choisissent une carte en "
    + "secret ; on peut changer d’avis tant que le dernier n’a pas choisi. Les cartes sont alors révélées et posées "
    + "une à une, la plus petite d’abord. Après 10 tours la manche s’arrête et chacun ajoute les têtes de bœuf "
    + "ramassées.",
  "rules.six-nimmt.rows": "Où va une carte",
  "rules.six-nimmt.rows.text":
    "- Une carte se pose au bout de la rangée dont la dernière carte est la plus forte qui lui soit inférieure (un 34 "
    + "va après un 33, jamais après un 20).\n"
    + "- Si cette rangée a déjà cinq cartes, vous les ramassez et votre carte ouvre la rangée : 6 qui prend !\n"
    + "- Si votre carte est plus petite que la dernière de chaque rangée, vous choisissez une rangée à ramasser et "
    + "votre carte l’ouvre. Tout le monde attend votre choix.",
  "rules.six-nimmt.end": "La fin de la partie",
  "rules.six-nimmt.end.text":
    "L’option Fin dit quand elle s’arrête : Seuil finit à la fin de la manche où le total d’un joueur atteint les "
    + "points donnés ; Manches joue exactement ce nombre de manches.",
  "rules.six-nimmt.pro": "Variante pro",
  "rules.six-nimmt.pro.text":
    "Aucun hasard : les 10 × joueurs + 4 cartes sont étalées face visible et chacun en choisit une à son tour jusqu’à "
    + "en avoir 10 ; le premier à choisir change à chaque manche. Les quatre cartes restantes ouvrent les rangées et "
    + "toutes les mains restent visibles.",

  "rules.le-baron.goal": "Le but",
  "rules.le-baron.goal.text":
    "Comme 6 qui prend, mais ce sont les couleurs des têtes de bœuf qui décident où une carte peut aller ; les "
    + "numéros ne fixent que l’ordre de pose. Chaque tête de bœuf des cartes ramassées compte un point contre vous ; "
    + "le moins de points gagne (les ex æquo gagnent ensemble).",
  "rules.le-baron.cards": "Les cartes",
  "rules.le-baron.cards.text":
    "110 cartes, chacune avec une ou plusieurs têtes de bœuf de six couleurs : bleu, jaune, vert, rouge, noir et "
    + "blanc. Une carte vaut autant de points qu’elle a de têtes. Les cartes 52 et 104 sont le Baron : une tête de "
    + "chaque couleur, 6 points, et il va sur toutes les rangées.\n\n"
    + "Chaque joueur a une pioche personnelle face cachée que personne ne regarde, pas même lui, et en tire quatre "
    + "cartes en main ; on n’en retire quatre que la main vide. Cinq rangées s’ouvrent chacune d’une carte.",
  "rules.le-baron.turn": "Un tour",
  "rules.le-baron.turn.text":
    "Tous choisissent une carte en secret et peuvent la changer tant que tous n’ont pas choisi. Les cartes sont "
    + "révélées et posées une à une, du plus petit numéro au plus grand. Une carte va au bout d’une rangée dont la "
    + "dernière carte a au moins une couleur en commun avec elle ; si plusieurs rangées conviennent, son joueur choisit.",
  "rules.le-baron.rows": "Ramasser",
  "rules.le-baron.rows.text":
    "- Sixième carte : la sixième carte d’une rangée ramasse les cinq d’avant et ouvre la rangée.\n"
    + "- Six d’une couleur : si la rangée montre alors six têtes ou plus d’une même couleur, votre carte ramasse "
    + "toutes celles d’avant et ouvre la rangée.\n"
    + "- Aucune couleur commune : une carte qui ne va sur aucune rangée ramasse la rangée que son joueur choisit, "
    + "et l’ouvre.",
  "rules.le-baron.end": "La fin",
  "rules.le-baron.end.text":
    "La manche finit quand toutes les mains et les pioches sont vides. L’option Manches en joue plusieurs, les points "
    + "s’additionnent.",
  "rules.le-baron.variants": "Variantes",
  "rules.le-baron.variants.text":
    "- La couleur prime : pas de règle de la sixième carte ; une rangée grandit jusqu’à six têtes d’une couleur.\n"
    + "- Points positifs : les points ramassés sont bons et le plus de points gagne. Une carte qui ne va sur aucune "
    + "rangée se glisse face cachée sous votre propre pioche au lieu de ramasser. Dès qu’un joueur a joué sa dernière "
    + "carte, le tour s’achève et la manche s’arrête ; les cartes restées en main ou en pioche comptent contre leur "
    + "joueur.",

  "rules.barbu.goal": "Le but",
  "rules.barbu.goal.text":
    "Un jeu de plis en sept contrats, sans atout. Les points sont mauvais : le plus petit total à la fin gagne (les "
    + "ex æquo gagnent ensemble).",
  "rules.barbu.deal": "Donne et manches",
  "rules.barbu.deal.text":
    "À chaque manche les 52 cartes sont distribuées (13 chacun à quatre) ; celles qui restent sont écartées face "
    + "visible et ne comptent pas. À chaque manche un joueur, le donneur, choisit un contrat qu’il n’a pas encore "
    + "choisi et joue le premier ; le joueur suivant choisit la manche d’après. Chacun choisit chaque contrat une fois : "
    + "à quatre, avec les sept contrats, on joue 28 manches.",
  "rules.barbu.contracts": "Les contrats",
  "rules.barbu.contracts.text":
    "- Roi de cœur : 100 points à qui ramasse le roi de cœur ; la manche s’arrête là.\n"
    + "- Dames : 25 points par dame ramassée.\n"
    + "- Cœurs : 10 points par cœur ramassé.\n"
    + "- Plis : 10 points par pli ramassé.\n"
    + "- Dernier pli : 100 points à qui ramasse le dernier pli.\n"
    + "- Salade : les cinq à la fois.\n"
    + "- Réussite : une patience ; le premier sorti marque −100, le deuxième −50.",
  "rules.barbu.tricks": "Jouer un pli",
  "rules.barbu.tricks.text":
    "Le donneur entame le premier pli ; les autres suivent à tour de rôle. Il faut fournir la couleur demandée si on "
    + "le peut ; sinon on joue n’importe quelle carte, qui ne peut pas gagner. La plus forte carte de la couleur "
    + "demandée ramasse le pli, et celui qui l’a ramassé entame le suivant.\n\n"
    + "Au Roi de cœur, aux Dames, aux Cœurs et à la Salade, on ne joue pas de cœur au premier pli, sauf à n’avoir que "
    + "des cœurs. Avec l’option Fin anticipée, les Dames s’arrêtent dès que toutes les dames sont ramassées et les "
    + "Cœurs dès que tous les cœurs le sont.",
  "rules.barbu.reussite": "La Réussite",
  "rules.barbu.reussite.text":
    "Le donneur pose n’importe quelle carte : sa hauteur ouvre la manche. À tour de rôle, chacun ouvre une nouvelle "
    + "couleur avec une carte de cette hauteur ou prolonge une ligne déjà ouverte par la hauteur juste au-dessus de "
    + "sa tête ou juste en dessous de son pied. Qui peut jouer doit jouer ; qui ne peut pas passe. Après un as on peut "
    + "rejouer aussitôt, ou passer. La manche s’arrête quand deux joueurs sont sortis (ou quand plus personne ne peut "
    + "jouer).",
  "rules.barbu.end": "La fin",
  "rules.barbu.end.text":
    "La partie s’arrête quand chaque joueur a choisi chaque contrat en jeu, ou plus tôt avec l’option Manches au "
    + "plus. La feuille de marque montre le contrat de chaque manche, qui l’a choisi et les points de chaque joueur.",

  "rules.daron.goal": "Le but",
  "rules.daron.goal.text":
    "Se débarrasser de ses cartes le premier, en attaquant les autres par des duels et des bagarres générales. Trois "
    + "manches ; le plus grand total gagne (les ex æquo gagnent ensemble).",
  "rules.daron.cards": "Les cartes",
  "rules.daron.cards.text":
    "100 cartes : les cartes « Chiffre » de 1 à 9, des Jokers pairs et impairs, les cartes +2, +3, +4, +5 et ×2, et "
    + "12 cartes Daron. Chacun reçoit 7 cartes et une carte Chiffre est retournée pour commencer la défausse.",
  "rules.daron.turn": "Votre tour : une seule action",
  "rules.daron.turn.text":
    "- Dépose : couvrez la carte du dessus avec le même chiffre, celui d’avant ou celui d’après (sur un 4 : un 3, un 4 "
    + "ou un 5). Vous pouvez en poser plusieurs d’un coup, dans l’ordre voulu, chacune suivant la précédente. Un 1 ou "
    + "un 9 fait repartir le jeu en sens inverse et vous rejouez.\n"
    + "- Une carte +2…+5 ou ×2 change d’abord le chiffre à couvrir (dessus + k, ou le double), puis posez ce chiffre "
    + "exact.\n"
    + "- Un Joker pair sur un dessus pair (impair sur impair), en début de tour seulement : posez ensuite n’importe "
    + "quelle carte Chiffre.\n"
    + "- Ou piochez (voir plus bas), lancez un duel ou une bagarre générale.",
  "rules.daron.draw": "La pioche",
  "rules.daron.draw.text":
    "Si vous ne pouvez ou ne voulez pas poser, piochez une carte. Si la pioche est bonne, vous pouvez alors faire une "
    + "dépose, qui doit contenir la carte piochée (un Joker ou une carte Daron piochés ne le sont jamais) ; sinon, ou "
    + "si vous préférez, passez : votre tour s’arrête.",
  "rules.daron.attacks": "Duels et bagarres",
  "rules.daron.attacks.text":
    "- Duel : posez un +2…+5 contre le joueur suivant. Il riposte avec un + plus fort ou un ×2 (qui double), et ainsi "
    + "de suite, ou il cède et pioche le total.\n"
    + "- Bagarre générale : posez une ou plusieurs cartes Daron ; chaque joueur suivant doit en poser au moins une, "
    + "tour après tour, l’initiateur compris. Le premier qui ne peut ou ne veut pas pioche 2 cartes par carte Daron "
    + "pour les trois premières et 1 par carte au-delà. Gare au retour de bâton !",
  "rules.daron.end": "Sortir et compter",
  "rules.daron.end.text":
    "Jamais une seule carte en main : qui n’en a plus qu’une en pioche aussitôt une autre. On sort en posant toute "
    + "sa main en une dépose qui finit sur une carte Chiffre. Le premier sorti gagne la manche et marque 5 plus la "
    + "plus grosse main restante (carte Chiffre 1 point, Joker 3, toute autre carte 2) ; les autres ne marquent "
    + "rien. Toutes les mains sont montrées à la fin d’une manche : la feuille de marque les garde.",

  "rules.bohnanza.goal": "Le but",
  "rules.bohnanza.goal.text":
    "Planter des haricots dans ses champs et les récolter contre des pièces. Le plus de pièces gagne ; en cas "
    + "d’égalité, le joueur assis le plus loin du premier joueur.",
  "rules.bohnanza.fields": "Main et champs",
  "rules.bohnanza.fields.text":
    "Votre main est une file : ne la réordonnez jamais ; les cartes piochées vont au fond. Chaque champ ne porte "
    + "qu’une sorte de haricot. À trois joueurs chacun a trois champs ; à quatre ou cinq, deux, et on peut acheter "
    + "un troisième champ pour 3 pièces.",
  "rules.bohnanza.turn": "Votre tour",
  "rules.bohnanza.turn.text":
    "- Plantez la première carte de votre main, puis la suivante si vous voulez.\n"
    + "- Retournez deux cartes de la pioche : elles sont à vous, à planter ou à échanger.\n"
    + "- Négociez avec les autres ; puis chacun plante les cartes reçues ou gardées.\n"
    + "- Piochez trois cartes au fond de votre main ; c’est au joueur suivant.",
  "rules.bohnanza.trade": "La négociation",
  "rules.bohnanza.trade.text":
    "On n’échange qu’avec le joueur dont c’est le tour, depuis sa main ou les cartes retournées, et les deux doivent "
    + "être d’accord (un cadeau aussi). Les cartes reçues se plantent à la fin de la négociation, jamais en main.",
  "rules.bohnanza.harvest": "La récolte",
  "rules.bohnanza.harvest.text":
    "Vous pouvez récolter un champ à tout moment : le haricomètre de la carte dit combien de pièces rapportent ses "
    + "cartes. Un champ d’une seule carte ne se récolte pas tant qu’un autre de vos champs en a plus.",
  "rules.bohnanza.end": "La fin",
  "rules.bohnanza.end.text":
    "La pioche est refaite deux fois avec la défausse ; quand elle s’épuise la troisième fois la partie s’arrête, "
    + "tous les champs sont récoltés et les cartes en main ne valent rien. L’option Étendu est le jeu à 6 ou 7 "
    + "(haricots café et cire au lieu du cacao et du haricot de jardin, quatre cartes piochées, un troisième champ "
    + "pour 2 pièces).",
};
