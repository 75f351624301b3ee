"""The words of the turn's rules: knocking, drawing, spreading, melds, hitting, taken_discard.

One :class:`~tonk_rules.words.fields.RuleWords` per field (see there for the keys). Russian uses the seeds'
words: «открыться» (knock), «колода» (stock), «куча» (discard pile), «группа» (book), «последовательность»
(run).
"""

from __future__ import annotations

from tonk_rules.words.fields import ANY, Part, RuleWords

TURN_WORDS: dict[str, RuleWords] = {
    "knocking.timing": RuleWords(
        "start_of_turn: as the turn's first action, instead of drawing; before_draw: any time "
        "before drawing (after laying spreads, where spreads come before the draw).",
        en={"start_of_turn": "On your turn, either knock (as your first action, instead of drawing) or play the "
                             "turn below.",
            "before_draw": "On your turn you may knock at any time before you draw (after laying spreads, if you "
                           "like); otherwise play the turn below."},
        ru={"start_of_turn": "В свой ход игрок либо открывается (первым действием, вместо того чтобы брать "
                             "карту), либо ходит, как описано ниже.",
            "before_draw": "Открыться можно в любой момент хода, пока карта не взята (в том числе после "
                           "выкладки); иначе ход идёт, как описано ниже."},
        refusals={"after_draw": "a knock must come before drawing",
                  "not_first": "a knock must be the first action of the turn"},
        refusals_ru={"after_draw": "открыться можно только до того, как взята карта",
                     "not_first": "открыться можно только первым действием хода"},
    ),
    "knocking.max_count": RuleWords(
        "Knock only with a count at or below this (null: any count).",
        en={None: "You may knock with any count.", ANY: "You may knock only with a count of {n} or less."},
        ru={None: "Открыться можно при любой сумме очков.", ANY: "Открыться можно только с суммой {n} очков или "
                                                                 "меньше."},
        refusals={"too_high": "a knock needs a count of {max_count} or less (you have {count})"},
        refusals_ru={"too_high": "открыться можно только с {max_count} {max_count:очком|очками|очками} или "
                                 "меньше (у вас {count} {count:очко|очка|очков})"},
        on_sheet="knock",
    ),
    "knocking.min_turns": RuleWords(
        "Knock only after this many of one's own turns (0: at once).",
        en={0: "You may knock from your first turn.", ANY: "You may knock only after {n} {n:turn|turns} of your own."},
        ru={0: "Открыться можно с первого хода.",
            ANY: "Открыться можно только после {n} {n:своего хода|своих ходов|своих ходов}."},
        refusals={"too_early": "a knock is allowed only after {min_turns} {min_turns:turn|turns} (you have had "
                               "{turns_taken})"},
        refusals_ru={"too_early": "открыться можно только после {min_turns} {min_turns:своего хода|своих ходов|"
                                  "своих ходов} (сделано ходов: {turns_taken})"},
        on_sheet="knock",
    ),
    "knocking.hit_lock": RuleWords(
        "A player whose spread was hit may not knock on their next turn; each hit adds a turn.",
        en={True: "If one of your spreads is hit, you may not knock on your next turn (each hit adds a turn).",
            False: "A hit on your spreads does not stop you knocking."},
        ru={True: "Если к вашей выкладке добавили карту, в следующий свой ход открываться нельзя (каждое "
                  "добавление – ещё один ход).",
            False: "Добавления к вашим выкладкам не мешают открыться."},
        refusals={"locked": "your spread was hit: you may not knock for {locked_turns} more "
                            "{locked_turns:turn|turns}"},
        refusals_ru={"locked": "к вашей выкладке добавили карту: открыться нельзя ещё {locked_turns} "
                               "{locked_turns:ход|хода|ходов}"},
        on_sheet="knock",
    ),
    "knocking.wins_when": RuleWords(
        "The knock succeeds when the knocker's count is strictly lowest, or lowest or tied.",
        en={"strictly_lowest": "The knock wins if your count is strictly the lowest; if anyone has as few points "
                               "or fewer, the knock is caught.",
            "lowest_or_tied": "The knock wins if nobody has fewer points (a tie counts as a win); otherwise it is "
                              "caught."},
        ru={"strictly_lowest": "Открывшийся выигрывает, если у него меньше всех очков; если у кого-то столько же "
                               "или меньше – он пойман.",
            "lowest_or_tied": "Открывшийся выигрывает, если ни у кого нет меньше очков (равенство – выигрыш); "
                              "иначе он пойман."},
        on_sheet="knock",
    ),
    "drawing.sources": RuleWords(
        "Piles a player may draw the top card of: stock and/or discard.",
        en={Part("drawing.both"): "Draw the top card of the stock or of the discard pile.",
            Part("drawing.stock"): "Draw the top card of the stock (the discard pile may not be drawn from).",
            Part("drawing.discard"): "Draw the top card of the discard pile (the stock may not be drawn from)."},
        ru={Part("drawing.both"): "Игрок берёт верхнюю карту из колоды или из кучи.",
            Part("drawing.stock"): "Игрок берёт верхнюю карту из колоды (из кучи брать нельзя).",
            Part("drawing.discard"): "Игрок берёт верхнюю карту из кучи (из колоды брать нельзя)."},
        refusals={"pile": "drawing from the {pile} pile is not allowed in this variant"},
        refusals_ru={"pile": "брать карту из {pile} в этом варианте нельзя"},
    ),
    "drawing.discard_depth": RuleWords(
        "How deep in the discard pile a player may take a card: 1 (the top card only) or any of the top N; "
        "the cards above the one taken stay on the pile in order.",
        en={1: "Only the top card of the discard pile may be taken.",
            ANY: "From the discard pile you may take any one of the top {n} {n:card|cards}; the cards above it "
                 "stay on the pile in the same order."},
        ru={1: "Из кучи можно брать только верхнюю карту.",
            ANY: "Из кучи можно взять любую из {n} {n:верхней карты|верхних карт|верхних карт}; карты над ней "
                 "остаются в куче в том же порядке."},
        refusals={"too_deep": "you may take only from the top {discard_depth} {discard_depth:card|cards} of the "
                              "discard pile",
                  "no_card": "the discard pile has no card at depth {depth} (it holds {size})"},
        refusals_ru={"too_deep": "из кучи можно брать только из {discard_depth} {discard_depth:верхней карты|"
                                 "верхних карт|верхних карт}",
                     "no_card": "в куче нет карты на глубине {depth} (в ней {size} {size:карта|карты|карт})"},
        on_sheet="turn",
    ),
    "spreading.timing": RuleWords(
        "after_draw: between drawing and discarding; before_draw: before drawing.",
        en={"after_draw": "After drawing you may lay spreads and hit, then you discard one card face up.",
            "before_draw": "Lay spreads and hit before you draw; then draw and discard one card face up."},
        ru={"after_draw": "Взяв карту, игрок может выкладывать карты на стол и добавлять к выложенным, затем "
                          "сбрасывает одну карту в кучу картинкой вверх.",
            "before_draw": "Выкладывать карты на стол и добавлять к выложенным нужно до того, как брать карту; "
                           "затем игрок берёт карту и сбрасывает одну в кучу."},
        refusals={"after_draw": "spreads and hits must be laid before drawing in this variant",
                  "before_draw": "spreads and hits are laid after drawing"},
        refusals_ru={"after_draw": "в этом варианте выкладывать и добавлять карты можно только до того, как взята "
                                   "карта",
                     "before_draw": "выкладывать и добавлять карты можно только после того, как взята карта"},
    ),
    "spreading.must_spread": RuleWords(
        "true: it is illegal to keep a book or run in hand at the end of a turn.",
        en={False: "You may keep books and runs in your hand.",
            True: "You must lay every book and run you hold: keeping one in your hand is not allowed{except}.",
            Part("spreading.except"): " (except {books}, which may be held)"},
        ru={False: "Группы и последовательности можно держать на руках.",
            True: "Каждую группу и последовательность на руках нужно выложить: держать их нельзя{except}.",
            Part("spreading.except"): " (кроме: {books} – их можно держать)"},
        refusals={"knock": "you hold a spread that must be laid, so you may not knock"},
        refusals_ru={"knock": "на руках выкладка, которую нужно выложить, поэтому открыться нельзя"},
    ),
    "spreading.may_hold_books": RuleWords(
        "With must_spread: books that may be kept in hand, each a rank and an exact size "
        "(pagat: three aces; four aces must be laid).",
        en={Part("spreading.held_book"): "exactly {size} × {rank}"},
        ru={Part("spreading.held_book"): "ровно {size} × {rank}"},
    ),
    "melds.book_sizes": RuleWords(
        "Allowed book sizes (cards of one rank): 3 and/or 4.",
        en={Part("melds"): "A spread is a book ({books} cards of one rank) or a run ({run_min} or more cards of one "
                           "suit in sequence)."},
        ru={Part("melds"): "Выложить можно группу (из {books} карт одного номинала) или последовательность (из "
                           "{run_min} или более карт одной масти подряд)."},
    ),
    "melds.run_min": RuleWords("Fewest cards in a run (consecutive cards of one suit).", said_with="melds.book_sizes"),
    "melds.ace": RuleWords(
        "low: A-2-3 only; low_or_high: also Q-K-A. Runs never wrap (no K-A-2).",
        en={"low": "The ace is low in runs: A-2-3 is a run, Q-K-A is not.",
            "low_or_high": "The ace is low or high in runs: A-2-3 and Q-K-A, but a run never turns the corner (no "
                           "K-A-2)."},
        ru={"low": "Туз в последовательности – младшая карта: Т-2-3 можно, Д-К-Т нельзя.",
            "low_or_high": "Туз в последовательности – младшая или старшая карта: Т-2-3 и Д-К-Т, но не через угол "
                           "(К-Т-2 нельзя)."},
    ),
    "melds.wild": RuleWords(
        "Wild cards: Joker (with deck.jokers) and/or ranks (['2']: deuces wild). A wild card stands for any card "
        "of a book or a run; a spread holds at least two natural cards.",
        en={Part("wild"): "Wild cards: {cards}. A wild card stands for any card of a book or a run; a spread holds "
                          "at least two natural cards and at most {most} wild {most:card|cards}. In a run a wild "
                          "card fills a gap first, then stands for the card above the run, then below it.",
            Part("wild_rank"): "A card of a wild rank may also stand for itself, and then it is not wild: a book of "
                               "them, or one in its own place in a run, is natural."},
        ru={Part("wild"): "Дикие карты: {cards}. Дикая карта заменяет любую карту группы или последовательности; в "
                          "выкладке не меньше двух обычных карт и не больше {most} {most:дикой карты|диких карт|"
                          "диких карт}. В последовательности дикая карта сначала закрывает пропуск, затем "
                          "становится картой выше, затем ниже.",
            Part("wild_rank"): "Карта дикого достоинства может быть и сама собой, и тогда она не дикая: группа из "
                               "таких карт или такая карта на своём месте в последовательности — обычные."},
    ),
    "melds.wild_most": RuleWords("The most wild cards one spread may hold (with melds.wild).", said_with="melds.wild"),
    "melds.wild_hits": RuleWords(
        "true: a wild card may be added to a spread on the table (a hit); false: only in a new spread.",
        en={Part("wild_hits.yes"): "A wild card may also be added to a spread on the table.",
            Part("wild_hits.no"): "A wild card goes down only in a new spread, not as a hit."},
        ru={Part("wild_hits.yes"): "Дикую карту можно и добавить к выложенному.",
            Part("wild_hits.no"): "Дикую карту можно выложить только в новой выкладке, добавлять её нельзя."},
    ),
    "hitting.runs": RuleWords(
        "Hits on runs (at either end): on anyone's runs, only one's own, or none.",
        en={"anyone": "You may hit (add a card to) anyone's runs, at either end.",
            "own": "You may hit only your own runs, at either end.",
            "none": "Runs on the table may not be hit."},
        ru={"anyone": "Добавлять карты к последовательностям можно с любого конца, к своим и к чужим.",
            "own": "Добавлять карты можно только к своим последовательностям, с любого конца.",
            "none": "Добавлять карты к выложенным последовательностям нельзя."},
        refusals={"none": "hitting runs is not allowed in this variant", "own": "you may hit only your own runs"},
        refusals_ru={"none": "добавлять карты к последовательностям в этом варианте нельзя",
                     "own": "добавлять карты можно только к своим последовательностям"},
        on_sheet="turn",
    ),
    "hitting.books": RuleWords(
        "Hits on books (the fourth card): likewise.",
        en={"anyone": "You may hit anyone's books (with the fourth card).",
            "own": "You may hit only your own books (with the fourth card).",
            "none": "Books on the table may not be hit."},
        ru={"anyone": "К выложенным группам (к своим и к чужим) можно добавить четвёртую карту.",
            "own": "Четвёртую карту можно добавить только к своей группе.",
            "none": "Добавлять карту к выложенной группе одного номинала нельзя."},
        refusals={"none": "hitting books is not allowed in this variant", "own": "you may hit only your own books"},
        refusals_ru={"none": "добавлять карты к комплектам в этом варианте нельзя",
                     "own": "добавлять карты можно только к своим комплектам"},
        on_sheet="turn",
    ),
    "taken_discard.rule": RuleWords(
        "free; not_discarded_this_turn (unless it is the only card left); straight_into_spread "
        "(the next action must lay it in a new spread or hit with it).",
        en={"free": "A card taken from the discard pile may be used freely, even discarded again.",
            "not_discarded_this_turn": "A card taken from the discard pile may not be discarded in the same turn, "
                                       "unless it is your last card.",
            "straight_into_spread": "A card taken from the discard pile must go straight into a spread (a new "
                                    "spread or a hit) as your next action; take it only if you can."},
        ru={"free": "Картой, взятой из кучи, можно распоряжаться свободно, даже сбросить её.",
            "not_discarded_this_turn": "Карту, взятую из кучи, в этот же ход сбрасывать нельзя (если она не "
                                       "единственная оставшаяся).",
            "straight_into_spread": "Карта, взятая из кучи, следующим же действием идёт на стол (в новую выкладку "
                                    "или добавлением); брать её можно, только если это получится."},
        refusals={"take": "{card} would have to go straight into a spread, and it cannot",
                  "discard": "{card} was taken from the discard pile this turn and may not be discarded (unless "
                             "it is your last card)"},
        refusals_ru={"take": "карту {card} пришлось бы сразу выложить, а её выложить нельзя",
                     "discard": "карта {card} взята из кучи в этот ход, сбрасывать её нельзя (разве что это "
                                "последняя карта)"},
        on_sheet="turn",
    ),
}

#: The descriptions of a held book's parts (the model's HeldBook fields).
HELD_BOOK_DESCRIPTIONS: dict[str, str] = {
    "HeldBook.rank": "The book's rank.",
    "HeldBook.size": "The exact number of cards of that rank that may be held.",
}
