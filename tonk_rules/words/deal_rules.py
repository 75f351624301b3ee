"""The words of the table's and the deal's rules: players, dealer, deck, deal, deal_check.

One :class:`~tonk_rules.words.fields.RuleWords` per field (see there for the keys). Russian uses the seeds'
words: «Тонк», «открыться» (knock), «колода» (stock), «куча» (discard pile).
"""

from __future__ import annotations

from tonk_rules.words.fields import ANY, Part, RuleWords

#: The first player's first turn, when the variant binds it (a refusal of a knock and of a draw).
_FIRST_TURN = "the first player of the hand must draw from the stock on their first turn"

DEAL_WORDS: dict[str, RuleWords] = {
    "players.min": RuleWords(
        "Fewest players.",
        en={Part("players.range"): "For {min} to {max} players.", Part("players.exact"): "For exactly {min} players."},
        ru={Part("players.range"): "Для {min}–{max} игроков.", Part("players.exact"): "Ровно для {min} игроков."},
    ),
    "players.max": RuleWords("Most players; players x hand size + upcard must fit the deck.", said_with="players.min"),
    "dealer.first": RuleWords(
        "high_card_cut: each player cuts a card, the highest deals; agreed: the table chooses.",
        en={"high_card_cut": "First dealer: everyone cuts a card, the highest card deals (ties cut again).",
            "agreed": "First dealer: the table agrees who deals first."},
        ru={"high_card_cut": "Первого сдающего определяют так: каждый снимает карту, сдаёт старшая "
                             "(при равенстве снимают снова).",
            "agreed": "Кто сдаёт первым, игроки договариваются."},
        on_sheet="cards", sheet_after="deal.first_turn",
    ),
    "dealer.rotation": RuleWords(
        "Who deals the next hand: left (the player left of the dealer) or winner (the hand's winner).",
        en={"left": "The deal passes to the left after each hand.",
            "winner": "The winner of a hand deals the next one (with no single winner the deal passes to the left)."},
        ru={"left": "После каждой сдачи сдаёт следующий игрок слева.",
            "winner": "Следующую сдачу сдаёт победитель (если победитель не один – следующий игрок слева)."},
        on_sheet="cards", sheet_after="dealer.first",
    ),
    "dealer.after_void": RuleWords(
        "After a void deal or void hand: the next dealer deals, or the same dealer deals again "
        "(null where no hand can be void).",
        en={"next": "After a void hand the next player deals.",
            "same": "After a void hand the same dealer deals again."},
        ru={"next": "После несостоявшейся сдачи сдаёт следующий игрок.",
            "same": "После несостоявшейся сдачи тот же игрок сдаёт снова."},
    ),
    "deck.ranks": RuleWords(
        "Ranks in the deck, ace to king. Removing ranks (e.g. 8, 9, 10) makes the ranks "
        "either side of the gap consecutive for runs.",
        en={Part("deck.full"): "One standard 52-card deck, no jokers: ranks {ranks} in each of the four suits.",
            Part("deck.short"): "A short deck of {size} cards: ranks {ranks} in each of the four suits (without "
                                "{missing}); runs close over the gap.",
            Part("values"): "Card values: ace ({ace}) 1, 2 to 10 face value, {faces} 10 each. Your count is the "
                            "total of the cards left in your hand (cards laid on the table do not count)."},
        ru={Part("deck.full"): "Стандартная колода в 52 карты без джокеров: номиналы {ranks} каждой из четырёх "
                               "мастей.",
            Part("deck.short"): "Короткая колода в {size} карт: номиналы {ranks} каждой из четырёх мастей (без "
                                "{missing}); последовательности идут через пропуск.",
            Part("values"): "Очки: Туз – 1, от двойки до десятки – по номиналу, {faces} – по 10. Очки игрока – "
                            "сумма карт у него на руках (выложенные на стол карты не считаются). Туз "
                            "обозначается {ace}."},
    ),
    "deck.values": RuleWords(
        "House card values by rank (e.g. {J: 11, Q: 12, K: 13}; Joker for jokers): a card's count in a hand, "
        "read by counts, deal checks, knock limits and payments; a rank left out counts as usual (ace 1, two "
        "to ten face value, jack, queen and king 10, a joker 0).",
        en={Part("values.house"): "Card values (a house rule): {values}. Your count is the total of the cards "
                                  "left in your hand (cards laid on the table do not count)."},
        ru={Part("values.house"): "Очки карт (домашнее правило): {values}. Очки игрока – сумма карт у него на "
                                  "руках (выложенные на стол карты не считаются)."},
    ),
    "deck.jokers": RuleWords(
        "Jokers added to the deck (0 to 4), written Jk (Russian Дж); each counts 0 unless deck.values gives Joker "
        "a value, and is wild only where melds.wild names Joker.",
        en={Part("deck.full.jokers"): "One standard 52-card deck: ranks {ranks} in each of the four suits.",
            Part("deck.jokers.some"): "The deck also holds {n} {n:joker|jokers} (written Jk), each counting "
                                      "{value}."},
        ru={Part("deck.full.jokers"): "Стандартная колода в 52 карты: номиналы {ranks} каждой из четырёх мастей.",
            Part("deck.jokers.some"): "В колоде также {n} {n:джокер|джокера|джокеров} (обозначается Дж), каждый "
                                      "считается за {value}."},
    ),
    "deal.hand_size": RuleWords(
        "Cards dealt to each player.",
        en={ANY: "The dealer deals {n} cards to each player, one at a time, clockwise from the dealer's left."},
        ru={ANY: "Каждому игроку сдаётся карт: {n} (по одной, по кругу, начиная слева от сдающего)."},
        on_sheet="cards",
    ),
    "deal.upcard": RuleWords(
        "true: the next card is turned up to start the discard pile; false: the first player "
        "must draw from the stock and the first discard starts the pile.",
        en={True: "The next card is turned face up: it starts the discard pile; the rest, face down, is the stock.",
            False: "No card is turned up: the rest, face down, is the stock; the first player must draw from the "
                   "stock, and the first discard starts the discard pile."},
        ru={True: "Следующая карта кладётся картинкой вверх: это куча; остальные карты рубашкой вверх – колода.",
            False: "Карта в кучу не открывается: остальные карты – колода; первый игрок берёт карту из колоды, и "
                   "его первый сброс начинает кучу."},
        on_sheet="cards",
    ),
    "deal.first_turn": RuleWords(
        "free: the first player of the hand plays an ordinary turn; draw_from_stock: on that first "
        "turn they may not knock and must draw from the stock.",
        en={"free": "The first player's first turn is an ordinary turn.",
            "draw_from_stock": "On the first turn of the hand the first player may not knock and must draw from "
                               "the stock."},
        ru={"free": "Первый ход первого игрока – обычный ход.",
            "draw_from_stock": "В первый ход сдачи первый игрок не может открыться и должен взять карту из "
                               "колоды."},
        refusals={"draw": _FIRST_TURN, "knock": f"{_FIRST_TURN}, so may not knock"},
        refusals_ru={"knock": "первый игрок раздачи в первый ход берёт карту из колоды, поэтому открыться не может",
                     "draw": "первый игрок раздачи в первый ход берёт карту только из колоды"},
        on_sheet="cards",
    ),
    "deal_check.enabled": RuleWords(
        "false: there is no deal check at all.",
        en={False: "There is no tonk on the deal: every hand is played.",
            Part("deal_check.or"): " or ",
            Part("deal_check.rule"): "Right after the deal, a hand with {which} is a tonk: its holder calls "
                                     "«Tonk!» and shows it, and the hand is not played. A count like that later "
                                     "in play means nothing."},
        ru={False: "Проверки на Тонк после раздачи нет: играется каждая сдача.",
            Part("deal_check.or"): ", или ",
            Part("deal_check.rule"): "Тонк – это оказавшаяся сразу после раздачи на руках комбинация с {which}: "
                                     "игрок кричит «Тонк!» и открывает карты, сдача не играется. Такая же сумма "
                                     "позже в игре – не Тонк."},
    ),
    "deal_check.at_most": RuleWords(
        "A count at or below this is a deal tonk (null: no low tonk).",
        en={Part("deal_check.low"): "a count of {n} or less"},
        ru={Part("deal_check.low"): "суммой очков {n} или меньше"},
    ),
    "deal_check.at_least": RuleWords(
        "A count at or above this is a deal tonk (null: no high tonk).",
        en={Part("deal_check.high"): "a count of {n} or more"},
        ru={Part("deal_check.high"): "суммой очков {n} или больше"},
    ),
    "deal_check.several": RuleWords(
        "Several deal tonks: all_paid (every holder is paid by every non-holder) or void "
        "(a draw: no payments, the cards are thrown in and the next dealer deals); null without a deal check.",
        en={"all_paid": "If several players have a tonk, each of them is paid.",
            "void": "If several players have a tonk, the deal is void: nobody pays and the cards are dealt again."},
        ru={"all_paid": "Если Тонк сразу у нескольких игроков, выплачивают каждому из них.",
            "void": "Если Тонк сразу у нескольких игроков, сдача не состоялась: никто не платит, карты сдают "
                    "заново."},
    ),
}
