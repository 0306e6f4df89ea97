"""Tiny Epic Kingdoms' rules by topic (issue 24, ``/game rules tek [topic]``): the English
pages, written from docs/rules/tek.md and the Czech rulebook (*Malá velká království*, REXhry
2015), whose structure they follow: the overview, setup, the turn, each action, collecting,
war and alliances, the regions, the end and scoring, the 2- and 5-player games, the variants.
The Czech pages are the catalogue's (``tek.rules.<topic>.title`` / ``.text``)."""

from __future__ import annotations

from bot.text.i18n import register

P = "tek.rules."

#: the topics in the rulebook's order; "overview" first (the goal and a turn)
TOPICS: tuple[str, ...] = (
    "overview",
    "setup",
    "turn",
    "action.patrol",
    "action.quest",
    "action.build",
    "action.research",
    "action.expand",
    "action.trade",
    "collect",
    "war",
    "alliance",
    "regions",
    "end",
    "scoring",
    "two_players",
    "five_players",
    "exploration",
    "variants",
)

PAGES: dict[str, tuple[str, str]] = {
    "overview": (
        "Overview: the goal and a turn",
        "Grow a tiny kingdom: the most victory points (VP) at the end win, from meeples on the "
        "map, the tower, magic levels, capitals and your faction's level-5 bonus.\n"
        "**A turn:** the active player puts a shield on one of six actions that has none. "
        "Then each player in turn order either performs that action or collects resources "
        "(the active player performs it or passes). After 5 shields the action card is "
        "cleared. When someone has 7 meeples, tower 6 or magic 5, the game ends as the 5th "
        "shield is placed.",
    ),
    "setup": (
        "Setup",
        "Each player gets 7 meeples, a faction (at random, drafted or chosen: option "
        "`factions`) and a territory card, and chooses its side as the home territory. Put "
        "both starting meeples in one region of it. Split 6 starting resources freely between "
        "mana, ore and food (beginners: 2 mana, 1 ore, 3 food). Magic and tower start at 0. "
        "The first player is drawn at random.",
    ),
    "turn": (
        "A turn in five steps",
        "1. If all 5 shields are on the action card, take them back.\n"
        "2. The active player puts a shield on a free action.\n"
        "3. In turn order, everyone performs that action or collects resources; the active "
        "player may only perform it or pass. Each player does one action per turn.\n"
        "4. Check the end of the game.\n"
        "5. The player on the left becomes the active player.",
    ),
    "action.patrol": (
        "Patrol",
        "Move one meeple to an adjacent region of the same territory card: the regions share "
        "a border, not across water, a river or crags. Or stand up a meeple searching in "
        "ruins. Entering another player's lone meeple starts a war. A region never holds more "
        "than 2 meeples; you may not enter a region holding someone's last meeple, nor move "
        "your last meeple where another player is.",
    ),
    "action.quest": (
        "Quest",
        "Move one meeple from a region on the outer edge of its card to an edge region of "
        "another territory card (the 2-player Lost Kingdom included). The same limits as "
        "Patrol apply: at most 2 meeples in a region, no entering a last meeple, and a war "
        "when you enter another player's lone meeple.",
    ),
    "action.build": (
        "Build",
        "Pay ore to build the next level of your tower: level N costs N ore (1, 2, 3, 4, 5, "
        "6). One level per action. At the end the tower scores the VP of its level: 1, 2, 4, "
        "6, 8, 11. Tower 6 triggers the end of the game.",
    ),
    "action.research": (
        "Research",
        "Pay mana to raise your magic by one level: level N costs N mana. The new level's "
        "faction ability works at once and lower ones stay. At the end each magic level "
        "scores 1 VP, and level 5 adds your faction's bonus. Magic 5 triggers the end.",
    ),
    "action.expand": (
        "Expand",
        "Add a new meeple from your supply to a region where your meeple stands alone, and "
        "pay food equal to your meeples in play counting the new one: the 4th meeple costs 4 "
        "food. With no lone meeple on the map you cannot expand. Each meeple scores 1 VP; 7 "
        "meeples trigger the end.",
    ),
    "action.trade": (
        "Trade",
        "Spend any number of one resource and get as many of another: pay 3 food, get 3 ore. "
        "One exchange per action. No resource goes above 9; the excess is lost.",
    ),
    "collect": (
        "Collecting resources",
        "Instead of the selected action, every player but the active one may collect: 1 mana "
        "from each forest, 1 ore from each mountain, 1 food from each plains region you "
        "occupy (two meeples in a region still give one). Capitals give nothing; ruins with "
        "your searching meeple give 1 resource of your choice. With a single meeple in play "
        "you get 1 more of your choice. At most 9 of each.",
    ),
    "war": (
        "War",
        "Entering another player's lone meeple starts a war. Both set a war die in secret: a "
        "number up to 11, or the white flag (costs nothing). The higher number wins, a number "
        "beats a flag, the defender wins ties. Win or lose, each pays their number minus "
        "discounts: mana is worth 2, ore 1, food 0. The loser retreats to a free adjacent "
        "region, paying 1 food per meeple in play, or removes the meeple. A meeple lying in "
        "ruins cannot retreat.",
    ),
    "alliance": (
        "Alliances",
        "With 3 or more players, two flags make an alliance: both meeples stay and share the "
        "region, both collect from it, and a shared capital gives each 1 VP. Either may leave "
        "later without penalty. Attacking an ally with a number breaks the alliance in every "
        "shared region: the loser must retreat or remove the meeples there, paying for each "
        "retreat.",
    ),
    "regions": (
        "Regions: capitals, ruins, water",
        "Forest gives mana, mountain ore, plains food. A capital gives nothing but scores 2 "
        "VP at the end for a sole occupier, 1 VP each when two allies share it. A meeple "
        "entering ruins lies down to search: it gives 1 resource of your choice when you "
        "collect, cannot move until a Patrol stands it up, and is lost at the end. Water, "
        "crags and rivers cannot be crossed.",
    ),
    "end": (
        "End of the game",
        "After every turn, check: does anyone have all 7 meeples in play, tower level 6 or "
        "magic level 5? Then the end is triggered and cannot be undone. If all 5 shields are "
        "on the action card, the game ends at once; otherwise play goes on until the last "
        "shield is placed and that turn's actions are done.",
    ),
    "scoring": (
        "Scoring and ties",
        "Meeples in ruins are removed first. Then score 1 VP per meeple in play, the tower's "
        "VP (1, 2, 4, 6, 8, 11), 1 VP per magic level and the faction's level-5 bonus, and "
        "capitals: 2 VP alone, 1 VP shared. Most VP wins. Ties: more meeples in play, then the "
        "higher tower, then the higher magic, then more resources; still tied, the players "
        "share the place.",
    ),
    "two_players": (
        "Two players: the Lost Kingdom",
        "A third territory card, the Lost Kingdom, holds a neutral meeple in each region. "
        "Moving there is a war with the neutral: pay a war cost equal to the neutral meeples "
        "left on the map (you may not go without it). The captured neutral scores 1 VP, and "
        "each Lost Kingdom region you hold 1 VP. No alliances: two flags, the defender wins.",
    ),
    "five_players": (
        "Five players",
        "The rules are the same, except that a turn which clears the 5 shields ends at once: "
        "the active player only takes the shields back and passes the turn, so everyone gets "
        "to pick first from an empty card. With exploration tokens, one Blank is removed and "
        "each player places 3 tokens at home.",
    ),
    "exploration": (
        "Exploration tokens (variant)",
        "Option `exploration`: a face-down token lies in every empty region. The first meeple "
        "to arrive flips it: Crown (+2 VP, passes to whoever beats you in war), Treasure (2 "
        "resources), Bandits (pay 2 resources or lose the meeple), Dragon's Lair, Camp "
        "(double yield), Fort (war cost -2 when you attack), Town (+1 VP), Church (a refuge "
        "when you lose a war) or Blank.",
    ),
    "variants": (
        "Options and house rules",
        "`factions`: random (default), draft (N+1 factions, picked in reverse turn order) or "
        "free choice. `exploration`: the tokens variant. House rules, off by default, for the "
        "readings a group may choose otherwise: `ruins_retreat` (a meeple in ruins may "
        "retreat after a lost war), `fort_sortie` (a meeple attacking out of a Fort keeps the "
        "discount), `ruins_each_searcher` (each searching meeple gives 1 resource).",
    ),
}

CATALOG: dict[str, str] = {
    **{f"{P}{topic}.title": title for topic, (title, _) in PAGES.items()},
    **{f"{P}{topic}.text": text for topic, (_, text) in PAGES.items()},
}


register(CATALOG)
