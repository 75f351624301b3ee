"""The words of a rules sheet, in English and Russian: one template per rule value, nothing per variant.

Each entry is keyed by ``section.key`` and (for an enum, a flag, or a number with a sentence of its own such as
``None`` for "no limit") the value, so a new rule value without words fails loudly in the tests instead of
printing nothing. :data:`SAID` ties the rules that have a sentence of their own to the sheet's blocks: a new
rule of that kind is one entry there and its words here, in both languages, and nothing in ``sheet.py``.
Russian uses the seeds' words: «Тонк», «открыться» (knock), «колода» (stock), «куча» (discard pile),
«группа» (book), «последовательность» (run).

    >>> WORDS["en"][("hitting.books", "own")]
    'You may hit only your own books (with the fourth card).'
    >>> WORDS["ru"][("deal.upcard", True)].split(":")[0]
    'Следующая карта кладётся картинкой вверх'
"""

from __future__ import annotations

from typing import Any

Lang = str  # "en" | "ru"
LANGS: tuple[str, ...] = ("en", "ru")

#: Block -> the rules it says in a sentence of their own, in the sheet's order (after the block's composed
#: lines, see :mod:`tonk_rules.table.sheet`). A rule's sentence is its words for ``(path, value)`` when there
#: are such words, else the template ``path`` with the value as ``{n}`` (a missing one is a KeyError, which
#: tests/test_sheet_sentences.py reports by the rule's name).
SAID: dict[str, tuple[str, ...]] = {
    "cards": ("deal.hand_size", "deal.upcard", "deal.first_turn", "dealer.first", "dealer.rotation"),
    "turn": ("hitting.runs", "hitting.books", "taken_discard.rule"),
    "knock": ("knocking.max_count", "knocking.min_turns", "knocking.hit_lock", "knocking.wins_when"),
}

_EN: dict[Any, Any] = {
    # headings
    "title_suffix": "rules sheet",
    "variant_line": "Variant: {name}",
    "h.cards": "Players, cards and the deal",
    "h.deal_check": "Tonk on the deal",
    "h.turn": "Your turn",
    "h.knock": "Knocking",
    "h.stock": "When the stock runs out",
    "h.pay": "Stakes and payments",
    "extends": "Based on «{parent}»; the rules marked ★ differ from it.",
    "differs_mark": "★",
    # players, deck, values, deal, dealer
    "players.range": "For {min} to {max} players.",
    "players.exact": "For exactly {min} players.",
    "deck.full": "One standard 52-card deck, no jokers: ranks {ranks} in each of the four suits.",
    "deck.short": "A short deck of {size} cards: ranks {ranks} in each of the four suits (without {missing}); "
                  "runs close over the gap.",
    "values": "Card values: ace ({ace}) 1, 2 to 10 face value, {faces} 10 each. Your count is the total of the "
              "cards left in your hand (cards laid on the table do not count).",
    "suits": "Suits: {suits}.",
    "deal.hand_size": "The dealer deals {n} cards to each player, one at a time, clockwise from the dealer's left.",
    ("deal.upcard", True): "The next card is turned face up: it starts the discard pile; the rest, face down, "
                           "is the stock.",
    ("deal.upcard", False): "No card is turned up: the rest, face down, is the stock; the first player must "
                            "draw from the stock, and the first discard starts the discard pile.",
    ("deal.first_turn", "free"): "The first player's first turn is an ordinary turn.",
    ("deal.first_turn", "draw_from_stock"): "On the first turn of the hand the first player may not knock and "
                                            "must draw from the stock.",
    ("dealer.first", "high_card_cut"): "First dealer: everyone cuts a card, the highest card deals (ties cut again).",
    ("dealer.first", "agreed"): "First dealer: the table agrees who deals first.",
    ("dealer.rotation", "left"): "The deal passes to the left after each hand.",
    ("dealer.rotation", "winner"): "The winner of a hand deals the next one (with no single winner the deal "
                                   "passes to the left).",
    ("dealer.after_void", "next"): "After a void hand the next player deals.",
    ("dealer.after_void", "same"): "After a void hand the same dealer deals again.",
    # deal check
    ("deal_check.enabled", False): "There is no tonk on the deal: every hand is played.",
    "deal_check.low": "a count of {n} or less",
    "deal_check.high": "a count of {n} or more",
    "deal_check.or": " or ",
    "or": " or ",
    "deal_check.rule": "Right after the deal, a hand with {which} is a tonk: its holder calls «Tonk!» and shows "
                       "it, and the hand is not played. A count like that later in play means nothing.",
    ("deal_check.several", "all_paid"): "If several players have a tonk, each of them is paid.",
    ("deal_check.several", "void"): "If several players have a tonk, the deal is void: nobody pays and the "
                                    "cards are dealt again.",
    # the turn
    ("knocking.timing", "start_of_turn"): "On your turn, either knock (as your first action, instead of drawing) "
                                          "or play the turn below.",
    ("knocking.timing", "before_draw"): "On your turn you may knock at any time before you draw (after laying "
                                        "spreads, if you like); otherwise play the turn below.",
    "drawing.both": "Draw the top card of the stock or of the discard pile.",
    "drawing.stock": "Draw the top card of the stock (the discard pile may not be drawn from).",
    "drawing.discard": "Draw the top card of the discard pile (the stock may not be drawn from).",
    ("spreading.timing", "after_draw"): "After drawing you may lay spreads and hit, then you discard one card "
                                        "face up.",
    ("spreading.timing", "before_draw"): "Lay spreads and hit before you draw; then draw and discard one card "
                                         "face up.",
    "melds": "A spread is a book ({books} cards of one rank) or a run ({run_min} or more cards of one suit in "
             "sequence).",
    ("melds.ace", "low"): "The ace is low in runs: A-2-3 is a run, Q-K-A is not.",
    ("melds.ace", "low_or_high"): "The ace is low or high in runs: A-2-3 and Q-K-A, but a run never turns the "
                                  "corner (no K-A-2).",
    ("spreading.must_spread", False): "You may keep books and runs in your hand.",
    ("spreading.must_spread", True): "You must lay every book and run you hold: keeping one in your hand is not "
                                     "allowed{except}.",
    "spreading.except": " (except {books}, which may be held)",
    "spreading.held_book": "exactly {size} × {rank}",
    ("hitting.runs", "anyone"): "You may hit (add a card to) anyone's runs, at either end.",
    ("hitting.runs", "own"): "You may hit only your own runs, at either end.",
    ("hitting.runs", "none"): "Runs on the table may not be hit.",
    ("hitting.books", "anyone"): "You may hit anyone's books (with the fourth card).",
    ("hitting.books", "own"): "You may hit only your own books (with the fourth card).",
    ("hitting.books", "none"): "Books on the table may not be hit.",
    ("taken_discard.rule", "free"): "A card taken from the discard pile may be used freely, even discarded again.",
    ("taken_discard.rule", "not_discarded_this_turn"): "A card taken from the discard pile may not be discarded "
                                                        "in the same turn, unless it is your last card.",
    ("taken_discard.rule", "straight_into_spread"): "A card taken from the discard pile must go straight into a "
                                                    "spread (a new spread or a hit) as your next action; take it "
                                                    "only if you can.",
    "out": "You go out when your hand is empty: by discarding your last card, or by laying it in a spread or "
           "a hit. The hand ends at once.",
    # knocking
    "knocking.knock": "To knock, lay your hand face up; everyone shows their hand and the counts are compared.",
    ("knocking.max_count", None): "You may knock with any count.",
    "knocking.max_count": "You may knock only with a count of {n} or less.",
    ("knocking.min_turns", 0): "You may knock from your first turn.",
    "knocking.min_turns": "You may knock only after {n} of your own turns.",
    ("knocking.hit_lock", True): "If one of your spreads is hit, you may not knock on your next turn (each hit "
                                 "adds a turn).",
    ("knocking.hit_lock", False): "A hit on your spreads does not stop you knocking.",
    ("knocking.wins_when", "strictly_lowest"): "The knock wins if your count is strictly the lowest; if anyone "
                                               "has as few points or fewer, the knock is caught.",
    ("knocking.wins_when", "lowest_or_tied"): "The knock wins if nobody has fewer points (a tie counts as a "
                                              "win); otherwise it is caught.",
    # the stock
    ("stock_exhaustion.when_empty", "end_lowest_wins"): "When a player wants to draw from the empty stock, the "
                                                        "hand ends and the lowest count wins.",
    ("stock_exhaustion.when_empty", "reshuffle"): "When a player wants to draw from the empty stock, the discard "
                                                  "pile except its top card is shuffled into a new stock (with "
                                                  "nothing to reshuffle the hand is void).",
    ("stock_exhaustion.when_empty", "void"): "When a player wants to draw from the empty stock, the hand is "
                                             "void: nobody pays.",
    ("stock_exhaustion.ties", "all_paid"): "If several players tie for the lowest count, each of them is paid.",
    ("stock_exhaustion.ties", "void"): "If several players tie for the lowest count, the hand is void.",
    # stakes and payments
    ("stakes.mode", "uniform"): "The table agrees one stake before play.",
    ("stakes.mode", "per_player"): "Each player names their own stake; each payment says whose stake it uses.",
    ("scoring.mode", "stakes"): "Payments are settled after each hand.",
    "scoring.points": "Each hand's payments (at stake 1) are points; the game ends when a player reaches {n} "
                      "points.",
    "ending.deal_tonk": "Tonk on the deal",
    "ending.knock_won": "The knock wins",
    "ending.knock_caught": "The knock is caught",
    "ending.out_by_discard": "Out by discarding the last card",
    "ending.out_by_spread": "Out with no final discard, having laid a new spread in that turn",
    "ending.out_by_hit": "Out with no final discard, by hits only (no new spread in that turn)",
    "ending.stock_exhausted": "The stock runs out",
    "pay": "{payer} pays {receiver} {amount}{whose}.",
    "pay.nothing": "nobody pays.",
    "amount.1": "the stake",
    "amount.2": "double the stake",
    "amount.n": "{n} times the stake",
    ("whose", "payer"): " (at the payer's own stake)",
    ("whose", "receiver"): " (at the receiver's stake)",
    # roles: (payer form, receiver form); "winners" depends on the ending
    ("role", "others"): ("Every other player", "each other player"),
    ("role", "knocker"): ("The knocker", "the knocker"),
    ("role", "at_or_below_knocker"): ("Every player with a count at or below the knocker's",
                                      "each player with a count at or below the knocker's"),
    ("role", "above_knocker"): ("Every player with a count above the knocker's",
                                "each player with a count above the knocker's"),
    ("winners", "deal_tonk"): ("Every holder of a tonk", "each holder of a tonk"),
    ("winners", "knock_won"): ("The knocker", "the knocker"),
    ("winners", "knock_caught"): ("The lowest other player (each, if tied)",
                                  "the lowest other player (each, if tied)"),
    ("winners", "out"): ("The player who went out", "the player who went out"),
    ("winners", "stock_exhausted"): ("The lowest player (each, if tied)", "the lowest player (each, if tied)"),
    "knock_caught.note": "The knocker never collects when caught.",
}

_RU: dict[Any, Any] = {
    "title_suffix": "правила",
    "variant_line": "Вариант: {name}",
    "h.cards": "Игроки, карты и раздача",
    "h.deal_check": "Тонк на раздаче",
    "h.turn": "Ход",
    "h.knock": "Как открыться",
    "h.stock": "Когда колода кончилась",
    "h.pay": "Ставки и выплаты",
    "extends": "Основано на «{parent}»; правила, помеченные ★, отличаются от него.",
    "differs_mark": "★",
    "players.range": "Для {min}–{max} игроков.",
    "players.exact": "Ровно для {min} игроков.",
    "deck.full": "Стандартная колода в 52 карты без джокеров: номиналы {ranks} каждой из четырёх мастей.",
    "deck.short": "Короткая колода в {size} карт: номиналы {ranks} каждой из четырёх мастей (без {missing}); "
                  "последовательности идут через пропуск.",
    "values": "Очки: Туз – 1, от двойки до десятки – по номиналу, {faces} – по 10. Очки игрока – сумма карт у "
              "него на руках (выложенные на стол карты не считаются). Туз обозначается {ace}.",
    "suits": "Масти: {suits}.",
    "deal.hand_size": "Каждому игроку сдаётся карт: {n} (по одной, по кругу, начиная слева от сдающего).",
    ("deal.upcard", True): "Следующая карта кладётся картинкой вверх: это куча; остальные карты рубашкой вверх – "
                           "колода.",
    ("deal.upcard", False): "Карта в кучу не открывается: остальные карты – колода; первый игрок берёт карту из "
                            "колоды, и его первый сброс начинает кучу.",
    ("deal.first_turn", "free"): "Первый ход первого игрока – обычный ход.",
    ("deal.first_turn", "draw_from_stock"): "В первый ход сдачи первый игрок не может открыться и должен взять "
                                            "карту из колоды.",
    ("dealer.first", "high_card_cut"): "Первого сдающего определяют так: каждый снимает карту, сдаёт старшая "
                                       "(при равенстве снимают снова).",
    ("dealer.first", "agreed"): "Кто сдаёт первым, игроки договариваются.",
    ("dealer.rotation", "left"): "После каждой сдачи сдаёт следующий игрок слева.",
    ("dealer.rotation", "winner"): "Следующую сдачу сдаёт победитель (если победитель не один – следующий "
                                   "игрок слева).",
    ("dealer.after_void", "next"): "После несостоявшейся сдачи сдаёт следующий игрок.",
    ("dealer.after_void", "same"): "После несостоявшейся сдачи тот же игрок сдаёт снова.",
    ("deal_check.enabled", False): "Проверки на Тонк после раздачи нет: играется каждая сдача.",
    "deal_check.low": "суммой очков {n} или меньше",
    "deal_check.high": "суммой очков {n} или больше",
    "deal_check.or": ", или ",
    "or": " или ",
    "deal_check.rule": "Тонк – это оказавшаяся сразу после раздачи на руках комбинация с {which}: игрок кричит "
                       "«Тонк!» и открывает карты, сдача не играется. Такая же сумма позже в игре – не Тонк.",
    ("deal_check.several", "all_paid"): "Если Тонк сразу у нескольких игроков, выплачивают каждому из них.",
    ("deal_check.several", "void"): "Если Тонк сразу у нескольких игроков, сдача не состоялась: никто не платит, "
                                    "карты сдают заново.",
    ("knocking.timing", "start_of_turn"): "В свой ход игрок либо открывается (первым действием, вместо того "
                                          "чтобы брать карту), либо ходит, как описано ниже.",
    ("knocking.timing", "before_draw"): "Открыться можно в любой момент хода, пока карта не взята (в том числе "
                                        "после выкладки); иначе ход идёт, как описано ниже.",
    "drawing.both": "Игрок берёт верхнюю карту из колоды или из кучи.",
    "drawing.stock": "Игрок берёт верхнюю карту из колоды (из кучи брать нельзя).",
    "drawing.discard": "Игрок берёт верхнюю карту из кучи (из колоды брать нельзя).",
    ("spreading.timing", "after_draw"): "Взяв карту, игрок может выкладывать карты на стол и добавлять к "
                                        "выложенным, затем сбрасывает одну карту в кучу картинкой вверх.",
    ("spreading.timing", "before_draw"): "Выкладывать карты на стол и добавлять к выложенным нужно до того, как "
                                         "брать карту; затем игрок берёт карту и сбрасывает одну в кучу.",
    "melds": "Выложить можно группу (из {books} карт одного номинала) или последовательность (из {run_min} или "
             "более карт одной масти подряд).",
    ("melds.ace", "low"): "Туз в последовательности – младшая карта: Т-2-3 можно, Д-К-Т нельзя.",
    ("melds.ace", "low_or_high"): "Туз в последовательности – младшая или старшая карта: Т-2-3 и Д-К-Т, но не "
                                  "через угол (К-Т-2 нельзя).",
    ("spreading.must_spread", False): "Группы и последовательности можно держать на руках.",
    ("spreading.must_spread", True): "Каждую группу и последовательность на руках нужно выложить: держать их "
                                     "нельзя{except}.",
    "spreading.except": " (кроме: {books} – их можно держать)",
    "spreading.held_book": "ровно {size} × {rank}",
    ("hitting.runs", "anyone"): "Добавлять карты к последовательностям можно с любого конца, к своим и к чужим.",
    ("hitting.runs", "own"): "Добавлять карты можно только к своим последовательностям, с любого конца.",
    ("hitting.runs", "none"): "Добавлять карты к выложенным последовательностям нельзя.",
    ("hitting.books", "anyone"): "К выложенным группам (к своим и к чужим) можно добавить четвёртую карту.",
    ("hitting.books", "own"): "Четвёртую карту можно добавить только к своей группе.",
    ("hitting.books", "none"): "Добавлять карту к выложенной группе одного номинала нельзя.",
    ("taken_discard.rule", "free"): "Картой, взятой из кучи, можно распоряжаться свободно, даже сбросить её.",
    ("taken_discard.rule", "not_discarded_this_turn"): "Карту, взятую из кучи, в этот же ход сбрасывать нельзя "
                                                        "(если она не единственная оставшаяся).",
    ("taken_discard.rule", "straight_into_spread"): "Карта, взятая из кучи, следующим же действием идёт на стол "
                                                    "(в новую выкладку или добавлением); брать её можно, только "
                                                    "если это получится.",
    "out": "Кто избавился от всех карт – сбросом последней карты или выкладкой – выиграл, сдача кончается сразу.",
    "knocking.knock": "Открыться – значит открыть свои карты и объявить сумму очков; остальные тоже открывают "
                      "карты, очки сравниваются.",
    ("knocking.max_count", None): "Открыться можно при любой сумме очков.",
    "knocking.max_count": "Открыться можно только с суммой {n} очков или меньше.",
    ("knocking.min_turns", 0): "Открыться можно с первого хода.",
    "knocking.min_turns": "Открыться можно только после {n} своих ходов.",
    ("knocking.hit_lock", True): "Если к вашей выкладке добавили карту, в следующий свой ход открываться нельзя "
                                 "(каждое добавление – ещё один ход).",
    ("knocking.hit_lock", False): "Добавления к вашим выкладкам не мешают открыться.",
    ("knocking.wins_when", "strictly_lowest"): "Открывшийся выигрывает, если у него меньше всех очков; если у "
                                               "кого-то столько же или меньше – он пойман.",
    ("knocking.wins_when", "lowest_or_tied"): "Открывшийся выигрывает, если ни у кого нет меньше очков "
                                              "(равенство – выигрыш); иначе он пойман.",
    ("stock_exhaustion.when_empty", "end_lowest_wins"): "Когда игрок хочет взять карту из пустой колоды, сдача "
                                                        "кончается и выигрывает наименьшая сумма очков.",
    ("stock_exhaustion.when_empty", "reshuffle"): "Когда игрок хочет взять карту из пустой колоды, куча (кроме "
                                                  "верхней карты) тасуется в новую колоду (если тасовать нечего, "
                                                  "сдача не состоялась).",
    ("stock_exhaustion.when_empty", "void"): "Когда игрок хочет взять карту из пустой колоды, сдача не "
                                             "состоялась: никто не платит.",
    ("stock_exhaustion.ties", "all_paid"): "Если наименьшая сумма у нескольких игроков, выплачивают каждому.",
    ("stock_exhaustion.ties", "void"): "Если наименьшая сумма у нескольких игроков, сдача не состоялась.",
    ("stakes.mode", "uniform"): "Перед игрой определяется одна общая ставка.",
    ("stakes.mode", "per_player"): "Каждый игрок называет свою ставку; для каждой выплаты сказано, чья ставка.",
    ("scoring.mode", "stakes"): "Выплаты делаются после каждой сдачи.",
    "scoring.points": "Выплаты каждой сдачи (при ставке 1) – это очки; игра кончается, когда у игрока {n} очков.",
    "ending.deal_tonk": "Тонк на раздаче",
    "ending.knock_won": "Открывшийся выиграл",
    "ending.knock_caught": "Открывшийся пойман",
    "ending.out_by_discard": "Вышел, сбросив последнюю карту",
    "ending.out_by_spread": "Вышел без сброса, выложив в этот ход новую группу или последовательность",
    "ending.out_by_hit": "Вышел без сброса, только добавлениями (без новой выкладки в этот ход)",
    "ending.stock_exhausted": "Колода кончилась",
    "pay": "{payer} платит {receiver} {amount}{whose}.",
    "pay.nothing": "никто не платит.",
    "amount.1": "ставку",
    "amount.2": "удвоенную ставку",
    "amount.n": "ставку ×{n}",
    ("whose", "payer"): " (по ставке плательщика)",
    ("whose", "receiver"): " (по ставке получателя)",
    ("role", "others"): ("Каждый из остальных игроков", "каждому из остальных игроков"),
    ("role", "knocker"): ("Открывшийся", "открывшемуся"),
    ("role", "at_or_below_knocker"): ("Каждый, у кого столько же очков, сколько у открывшегося, или меньше,",
                                      "каждому, у кого столько же очков, сколько у открывшегося, или меньше,"),
    ("role", "above_knocker"): ("Каждый, у кого очков больше, чем у открывшегося,",
                                "каждому, у кого очков больше, чем у открывшегося,"),
    ("winners", "deal_tonk"): ("Каждый игрок с Тонком", "каждому игроку с Тонком"),
    ("winners", "knock_won"): ("Открывшийся", "открывшемуся"),
    ("winners", "knock_caught"): ("Игрок с наименьшей суммой среди остальных (каждый, если их несколько)",
                                  "игроку с наименьшей суммой среди остальных (каждому, если их несколько)"),
    ("winners", "out"): ("Вышедший игрок", "вышедшему игроку"),
    ("winners", "stock_exhausted"): ("Игрок с наименьшей суммой (каждый, если их несколько)",
                                     "игроку с наименьшей суммой (каждому, если их несколько)"),
    "knock_caught.note": "Пойманный открывшийся никогда не получает выплат.",
}

WORDS: dict[str, dict[Any, Any]] = {"en": _EN, "ru": _RU}

#: Russian suit names in the seeds' order of letters (п т б ч) and English ones, by suit index (S H D C).
SUIT_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("♠ spades (S)", "♥ hearts (H)", "♦ diamonds (D)", "♣ clubs (C)"),
    "ru": ("п – пики ♠", "ч – черви ♥", "б – бубны ♦", "т – трефы ♣"),
}
