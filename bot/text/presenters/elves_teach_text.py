"""The English texts of King of the Elves at a table that teaches (issue 24): rules by topic
(``elves.rules.<topic>``), reference pages (``elves.ref.<key>``) and their facts, "Why?"
answers (``elves.why.*``), teach-mode lines (``elves.teach.<step>``) and the tie note. The Czech
texts are in the ``.po`` catalogue, with the rulebook's terms (*Král elfů*)."""

from __future__ import annotations

RULES: dict[str, str] = {
    "elves.rules.overview.title": "King of the Elves: the goal and a round",
    "elves.rules.overview.text": (
        "Collect the most gold in 2 to 5 rounds. Each round: cards are dealt; in planning, each "
        "player in turn does one action (play a village into a realm, mark a village with a Gold "
        "card, Thief or obstacle, draw, buy, remove, pass) until all pass in a row; then each "
        "player travels once round the ring of villages, playing travel cards to enter each "
        "village and earning its value in gold. Stop when you like; visiting every village pays "
        "10 more. The richest player wins."
    ),
    "elves.rules.setup.title": "Setup",
    "elves.rules.setup.text": (
        "The 120 cards (26 villages, 64 travel cards, 30 action cards) are shuffled into the draw "
        "pile. Each player takes the 4 coats of arms of one design and 12 gold from the bank "
        "(the bank has 65 coins of 1, 5 and 10). How many coins you hold is public, their value "
        "secret. The first player takes the dragon figure. The table in front of each player is "
        "their realm."
    ),
    "elves.rules.deal.title": "Phase 1: dealing",
    "elves.rules.deal.text": (
        "The start player deals 10 cards to everyone in round 1 and 8 in later rounds; you keep "
        "the cards left in your hand from earlier rounds. You may get villages, travel cards "
        "and action cards, but not necessarily all three kinds."
    ),
    "elves.rules.planning.title": "Phase 2: planning",
    "elves.rules.planning.text": (
        "From the start player on, each player in turn does one of seven actions: play a "
        "village card; draw 3 and discard 4; buy one card; play a Gold card, Thief or obstacle; "
        'remove a village; pass; or declare "No village card!". Planning ends at once when all '
        "players pass one after another; a player who passed may act again on a later turn."
    ),
    "elves.rules.action.village.title": "Action: play a village card",
    "elves.rules.action.village.text": (
        "Lay one village card face up in your realm or another player's. A realm holds one or "
        "two villages (three with 2 players); a second village goes to the left of the first, "
        "as its owner sees it. The realms in seat order make the ring the journeys follow. "
        "Buttons number a realm's villages from the right: #1, #2."
    ),
    "elves.rules.action.draw3.title": "Action: draw 3, discard 4",
    "elves.rules.action.draw3.text": (
        "Draw the top 3 cards of the draw pile, then discard any 4 cards from your hand (the new "
        "ones included) face up. Your hand ends one card smaller."
    ),
    "elves.rules.action.buy.title": "Action: buy one card",
    "elves.rules.action.buy.text": (
        "Take the top card of the draw pile for 1 gold; your second purchase in the same "
        "planning costs 2 and the third 3; no more than 3. The gold paid lies beside you and "
        "goes to the bank when planning ends."
    ),
    "elves.rules.action.special.title": "Action: play a Gold card, Thief or obstacle",
    "elves.rules.action.special.text": (
        "Lay the card beside a village and mark it with one of your 4 coats of arms. A village "
        "takes at most one Gold card, one Thief and one obstacle. Wooden obstacles go to plains, "
        "forest, mountain and desert villages, sea monsters to river and lake villages. With no "
        "coat of arms left you cannot play one."
    ),
    "elves.rules.action.remove.title": "Action: remove a village",
    "elves.rules.action.remove.text": (
        "Discard a village of your own realm with the action cards beside it: it costs 2 gold "
        "plus 1 for each action card there. The coats of arms go back to their owners. You "
        "may never remove a village from another player's realm."
    ),
    "elves.rules.action.pass.title": "Action: pass",
    "elves.rules.action.pass.text": (
        "You may pass if your realm holds a village (or when you can do nothing else). You may "
        "act again on your next turn, but when every player passes in a row, planning ends."
    ),
    "elves.rules.action.no_village.title": 'Action: "No village card!"',
    "elves.rules.action.no_village.text": (
        "With no village in your realm and none in your hand, declare it: show everyone your "
        "hand, take any village card from the draw pile into your hand and discard one card of "
        "your choice in its place."
    ),
    "elves.rules.travel.title": "Phase 3: travelling from village to village",
    "elves.rules.travel.text": (
        "From the start player on, each player makes one journey. It starts in your own realm "
        "(with two villages there, the right-hand one first) and goes clockwise to the left "
        "neighbour's realm and on. To enter each village play the travel cards its terrain asks, "
        "all of one transport; never skip a village. Go on as long as you want and can; after "
        "every village you may go round again."
    ),
    "elves.rules.transport.title": "The travel cards",
    "elves.rules.transport.text": (
        "Cards needed per village: Giant pig plains or forest 1. Elf cycle plains or forest 1, "
        "mountain 2. Magic cloud mountain 1, plains or forest 2. Unicorn forest or mountain 1, "
        "desert 2. Troll wagon plains 1, forest, desert or mountain 2. Dragon plains, desert or "
        "mountain 1, forest 2. Raft river 1, lake 2. Another player's wooden obstacle takes one "
        "more card of the same transport, a sea monster one more raft."
    ),
    "elves.rules.travel_cards.title": "Escort and Change of direction",
    "elves.rules.travel_cards.text": (
        "Played with the travel cards and discarded at once. An Escort, played before you enter "
        "a realm, shields you from the thieves and obstacles of its villages. A Change of "
        "direction, played before the next visit, turns your journey round until another one "
        "or the end of the journey."
    ),
    "elves.rules.payouts.title": "Gold from the bank",
    "elves.rules.payouts.text": (
        "Each village you visit pays its value from the bank as you arrive: plains 2, river 3, "
        "forest 4, mountain 5, desert 6, lake 7; your own Gold card doubles it for you. "
        "Another player's Thief takes 2 gold from you for its owner (without 2 gold you cannot "
        "go there). Visiting every village of the table in one journey pays 10 more."
    ),
    "elves.rules.end.title": "Phase 4 and the end of the game",
    "elves.rules.end.text": (
        "When the player to the right of the start player ends their journey, the round is "
        "over: coats of arms go home, the table is discarded, hands are kept and the dragon "
        "passes left. The game lasts as many rounds as players (5 with 6 players). The player "
        "with the most gold wins; equal gold shares the place."
    ),
    "elves.rules.two_players.title": "Two players",
    "elves.rules.two_players.text": (
        "With two players each realm may hold three villages instead of two; the game lasts "
        "two rounds."
    ),
    "elves.rules.variants.title": "Teleport magic and the house rules",
    "elves.rules.variants.text": (
        "Variant `teleport`: during your journey, after its first visit, pay 3 gold and discard "
        "any 4 travel cards to move to any other village. Its Gold card and Thief work, its "
        "obstacle is ignored; go on in the same direction. House rule `teleport_anywhere`: a "
        "teleport may also be the first move and go to the village you are in. House rule "
        "`unlimited_bank`: the bank never runs out; otherwise its 65 coins (325 gold) pay what "
        "they can."
    ),
}

REFS: dict[str, str] = {
    "elves.ref.kind.thing": "Part of the game",
    "elves.ref.plains": "A village on the plains, worth 2 gold. Pig, Elf cycle, Troll wagon and "
    "Dragon enter with 1 card, Magic cloud with 2. Wooden obstacles may lie here.",
    "elves.ref.forest": "A village in the forest, worth 4 gold. Pig, Elf cycle and Unicorn enter "
    "with 1 card; Magic cloud, Troll wagon and Dragon with 2. Wooden obstacles may lie here.",
    "elves.ref.mountain": "A village in the mountains, worth 5 gold. Magic cloud, Unicorn and "
    "Dragon enter with 1 card; Elf cycle and Troll wagon with 2. Wooden obstacles may lie here.",
    "elves.ref.desert": "A village in the desert, worth 6 gold. The Dragon enters with 1 card; "
    "Unicorn and Troll wagon with 2. Wooden obstacles may lie here.",
    "elves.ref.river": "A village by the river, worth 3 gold. Only the Raft enters, with 1 card. "
    "Sea monsters may lie here.",
    "elves.ref.lake": "A village by the lake, worth 7 gold. Only the Raft enters, with 2 cards. "
    "Sea monsters may lie here.",
    "elves.ref.pig": "Travel card: the Giant pig trots into a plains or forest village for 1 card.",
    "elves.ref.cycle": "Travel card: the Elf cycle rides into a plains or forest village for 1 "
    "card, a mountain village for 2.",
    "elves.ref.cloud": "Travel card: the Magic cloud carries you into a mountain village for 1 "
    "card, a plains or forest village for 2.",
    "elves.ref.unicorn": "Travel card: the Unicorn gallops into a forest or mountain village for "
    "1 card, a desert village for 2.",
    "elves.ref.troll": "Travel card: the Troll wagon goes into a plains village for 1 card, a "
    "forest, desert or mountain village for 2.",
    "elves.ref.dragon": "Travel card: the Dragon flies into a plains, desert or mountain village "
    "for 1 card, a forest village for 2.",
    "elves.ref.raft": "Travel card: the Raft sails into a river village for 1 card, a lake "
    "village for 2. It is the sea monster's extra card too.",
    "elves.ref.thief": "Action card for planning: laid at a village with your coat of arms. Any "
    "other player who visits it pays you 2 gold; without 2 gold they cannot go there. An "
    "Escort stops it, a teleport does not.",
    "elves.ref.wood": "Obstacle for planning, at a plains, forest, mountain or desert village: "
    "others need one more card of the same transport to enter it. Not for its owner; an Escort "
    "or a teleport ignores it.",
    "elves.ref.seamonster": "Obstacle for planning, at a river or lake village: others need one "
    "more raft to enter it. Not for its owner; an Escort or a teleport ignores it.",
    "elves.ref.escort": "Action card for travel: played before you enter a realm, the thieves "
    "and obstacles of its villages do not affect you. Discarded at once.",
    "elves.ref.reverse": "Action card for travel: played after a visit and before the next, your "
    "journey turns round until another Change of direction or its end. Discarded at once.",
    "elves.ref.realm": "The table in front of a player: it holds their villages, one or two "
    "(three with 2 players). The realms in seat order form the ring of the journeys. Its "
    "villages are numbered from the right: #1 is the right-hand one, visited first.",
    "elves.ref.village": "One of 26 village cards in six terrains. Played in planning into any "
    "realm; visited in travel for its value. Removing one of your own costs 2 gold + 1 per "
    "action card at it.",
    "elves.ref.travel_card": "One of 64 cards of seven transports. The terrain symbols on it "
    "say how many of them enter a village of that terrain.",
    "elves.ref.action_card": "One of 30 cards: Gold card, Thief and the two obstacles are laid "
    "at villages in planning; Escort and Change of direction are played while travelling.",
    "elves.ref.obstacle": "A wooden obstacle or a sea monster: laid at a village in planning, "
    "it makes other players play one more travel card to enter it.",
    "elves.ref.coat_of_arms": "Each player's 4 tokens: one marks each Gold card, Thief or "
    "obstacle you lay. With none left you cannot lay another; all come back after the round.",
    "elves.ref.dragon_figure": "The start player's marker. It passes to the left after each "
    "round; the game ends after the round of the last player to hold it (the fifth with 6).",
    "elves.ref.draw_pile": "The face-down pile: 10 cards dealt in round 1, 8 later; bought "
    "cards and drawn cards come from its top. Shuffled with the discards each round.",
    "elves.ref.discard_pile": "Played, discarded and removed cards lie here face up; everyone "
    "may look at them.",
    "elves.ref.coin": "Coins of 1, 5 and 10 gold, 65 in the bank. Everyone sees how many coins "
    "you hold, not what they are worth; the banker makes change at any time.",
    "elves.ref.teleport": "The variant's spell: after the first visit of your journey, pay 3 gold "
    "and any 4 travel cards to move to any other village. Its Gold card and Thief work, "
    "its obstacle is ignored; go on in the same direction.",
    "elves.ref.bank": "The bank's 65 coins are worth 325 gold. It pays the start capital, each "
    "visit and the bonus; purchases, removals and teleports go into it. Short of gold, it pays "
    "what it holds.",
}
# the money and the Gold card share the key "gold" of TERMS (THINGS["gold"]): one page for both
REFS["elves.ref.gold"] = (
    "Gold is the money: 12 to start, the most at the end wins. The Gold card, laid in planning "
    "at a village with your coat of arms, doubles that village's value for you on every visit."
)

FACTS: dict[str, str] = {
    "elves.ref.fact.cards": "Cards in the game",
    "elves.ref.fact.value": "Value",
    "elves.ref.fact.obstacle": "Obstacle that may lie here",
    "elves.ref.fact.times": "Value multiplied by",
    "elves.ref.fact.fee": "Paid to its owner",
    "elves.ref.fact.extra_cards": "Extra travel cards",
    "elves.ref.fact.capacity": "Villages per realm",
    "elves.ref.fact.capacity_2p": "Villages per realm with 2 players",
    "elves.ref.fact.per_player": "Per player",
    "elves.ref.fact.rounds_6p": "Rounds with 6 players",
    "elves.ref.fact.deal_first": "Dealt in round 1",
    "elves.ref.fact.deal_later": "Dealt in later rounds",
    "elves.ref.fact.start": "At the start",
    "elves.ref.fact.bonus": "Bonus for every village",
    "elves.ref.fact.buy": "Purchases 1st / 2nd / 3rd",
    "elves.ref.fact.bank_coins": "Coins in the bank",
    "elves.ref.fact.bank_gold": "Worth",
    "elves.ref.fact.cost": "Cost",
    "elves.ref.fact.travel_cards": "Travel cards discarded",
    "elves.ref.fact.remove": "Removal: gold + gold per action card",
    **{
        f"elves.ref.fact.to.{ter}": f"Cards into a {word} village"
        for ter, word in (
            ("plains", "plains"),
            ("forest", "forest"),
            ("mountain", "mountain"),
            ("desert", "desert"),
            ("river", "river"),
            ("lake", "lake"),
        )
    },
    **{
        f"elves.ref.fact.by.{x}": f"Cards by {word}"
        for x, word in (
            ("pig", "Giant pig"),
            ("cycle", "Elf cycle"),
            ("cloud", "Magic cloud"),
            ("unicorn", "Unicorn"),
            ("troll", "Troll wagon"),
            ("dragon", "Dragon"),
            ("raft", "Raft"),
        )
    },
}

WHY: dict[str, str | tuple[str, ...]] = {
    "elves.why.play_village": (
        "A {terrain} village worth {value} to each visitor; next you choose one of {realms}."
    ),
    "elves.why.place_village": (
        "It becomes village {n} of {realm}: every traveller who reaches it earns {value}."
    ),
    "elves.why.fx.gold": "your visits there pay double",
    "elves.why.fx.thief": "every other visitor pays you 2 gold",
    "elves.why.fx.wood": "others need 1 more travel card to enter",
    "elves.why.fx.seamonster": "others need 1 more raft to enter",
    "elves.why.play_special": (
        "At a village, {effect}. It fits {villages}; coats of arms left: {tokens}."
    ),
    "elves.why.place_special": (
        "At {village} (worth {value}): {effect}. Coats of arms left: {tokens}."
    ),
    "elves.why.draw3": (
        "You draw 3 and then discard 4: your hand becomes {hand}, the draw pile {pile}."
    ),
    "elves.why.buy": "Purchase {k} of 3 costs {cost}; your gold becomes {after}. {then}",
    "elves.why.buy.next": "The next would cost {cost}.",
    "elves.why.buy.last": "It is your last purchase this planning.",
    "elves.why.remove_village": (
        "Removing {village} costs {cost} ({actions} at it); your gold becomes {after}, and "
        "the coats of arms go home."
    ),
    "elves.why.pass": "Passes in a row: {passes} of {n}; planning goes on.",
    "elves.why.pass.ends": "Passes in a row: {passes} of {n}: planning ends and travel begins.",
    "elves.why.no_village": (
        "Your hand ({cards}) is shown to everyone; then you take a village of your choice "
        "from the pile."
    ),
    "elves.why.take_village": "A {terrain} village worth {value}; then you discard one card.",
    "elves.why.take_village.only": "A {terrain} village worth {value}; nothing to discard.",
    "elves.why.discard": "You hold {held} of them; {left} more to discard after this.",
    "elves.why.discard.last": "You hold {held} of them; this is your last discard.",
    "elves.why.travel": (
        "{transport} ×{cards} (you hold {held}) to {village}: it pays {value}; your gold "
        "becomes {after}."
    ),
    "elves.why.obstacle": "The {card} of {player} takes 1 more card.",
    "elves.why.obstacle.free": "The {card} of {player} does not stop you.",
    "elves.why.obstacle.own": "Your own {card} does not stop you.",
    "elves.why.obstacle.ignored": "Its {card} is ignored.",
    "elves.why.thief": "You pay {fee} to the thief of {player}.",
    "elves.why.escorted": "Your escort shields you there.",
    "elves.why.gold_card": "Your Gold card doubles it.",
    "elves.why.short": "The bank holds only {bank}: {short} short.",
    "elves.why.visits": ("{n} visit", "{n} visits"),
    "elves.why.n_cards": ("{n} card", "{n} cards"),
    "elves.why.n_villages": ("{n} village", "{n} villages"),
    "elves.why.n_realms": ("{n} realm with room", "{n} realms with room"),
    "elves.why.n_actions": ("{n} action card", "{n} action cards"),
    "elves.why.n_thieves": ("{n} thief", "{n} thieves"),
    "elves.why.n_obstacles": ("{n} obstacle", "{n} obstacles"),
    "elves.why.ending": "Ending there: {visits}, {income} earned on this journey{bonus}.",
    "elves.why.ending.now": "Ending now: {visits}, {income} earned on this journey{bonus}.",
    "elves.why.bonus": ", + {bonus} bonus for every village",
    "elves.why.bonus.short": " (the bank is {short} short)",
    "elves.why.end_journey": "The next journey starts.",
    "elves.why.escort": (
        "Through {realm} ({villages}): {thieves} and {obstacles} of others do not count for you."
    ),
    "elves.why.escort.none": (
        "No thief or obstacle of others in {realm} ({villages}): the escort changes nothing there."
    ),
    "elves.why.reverse": "You turn {direction}: the next village becomes {village}.",
    "elves.why.teleport": (
        "Pay {cost} and {cards} of your {held} travel cards: to {village}, it pays {value}; "
        "your gold becomes {after}."
    ),
    "elves.why.teleport_card": "You hold {held} of them; {left} more for the teleport after this.",
    "elves.why.teleport_card.arrives": "You hold {held} of them; then you arrive at {village}.",
    "elves.tie.shared": "{players} share place {place} with {gold} each.",
    "elves.tie.rule": (
        'The rulebook breaks no tie ("The player with the most gold is the winner"), so equal '
        "gold shares the place."
    ),
}

TEACH: dict[str, str] = {
    "elves.teach.turn": (
        "Planning: choose ONE action, then the next player acts.\n"
        "When everyone passes in a row, the journeys begin."
    ),
    "elves.teach.place_village": (
        "Choose the realm your village goes to: yours or another player's.\n"
        "Travellers earn its value when they reach it."
    ),
    "elves.teach.place_special": (
        "Choose the village for your card; your coat of arms marks it.\n"
        "One Gold card, one Thief and one obstacle per village."
    ),
    "elves.teach.discard": (
        "Discard cards one by one until you have discarded enough.\n"
        "Discards lie face up for everyone to see."
    ),
    "elves.teach.take_village": (
        "Take any village card from the draw pile into your hand.\n"
        "Then you discard one card in its place."
    ),
    "elves.teach.journey": (
        "Your journey: play travel cards to enter the next village and earn its value.\n"
        "Stop when you like; visiting every village pays 10 more."
    ),
    "elves.teach.teleport_cards": (
        "Pay the teleport with any 4 travel cards, one at a time.\n"
        "After the fourth you arrive at the chosen village."
    ),
}

CATALOG: dict[str, str | tuple[str, ...]] = {**RULES, **REFS, **FACTS, **WHY, **TEACH}
