"""The words of how a hand ends and pays: stock_exhaustion, stakes, scoring, payments.

One :class:`~tonk_rules.words.fields.RuleWords` per field (see there for the keys). A payment rule's own
words (who pays whom, how much, at whose stake) are composed by the sheet from :data:`PAYMENT_WORDS`.
"""

from __future__ import annotations

from typing import Any

from tonk_rules.words.fields import Part, RuleWords

STAKES_WORDS: dict[str, RuleWords] = {
    "stock_exhaustion.when_empty": RuleWords(
        "end_lowest_wins: the hand ends and the lowest count is paid; reshuffle: the discard "
        "pile but its top card becomes the new stock; void: the hand is void, no payments.",
        en={"end_lowest_wins": "When a player wants to draw from the empty stock, the hand ends and the lowest "
                               "count wins.",
            "reshuffle": "When a player wants to draw from the empty stock, the discard pile except its top card "
                         "is shuffled into a new stock (with nothing to reshuffle the hand is void).",
            "void": "When a player wants to draw from the empty stock, the hand is void: nobody pays."},
        ru={"end_lowest_wins": "Когда игрок хочет взять карту из пустой колоды, сдача кончается и выигрывает "
                               "наименьшая сумма очков.",
            "reshuffle": "Когда игрок хочет взять карту из пустой колоды, куча (кроме верхней карты) тасуется в "
                         "новую колоду (если тасовать нечего, сдача не состоялась).",
            "void": "Когда игрок хочет взять карту из пустой колоды, сдача не состоялась: никто не платит."},
    ),
    "stock_exhaustion.ties": RuleWords(
        "With end_lowest_wins, several lowest counts: all are paid, or the hand is void (null otherwise).",
        en={"all_paid": "If several players tie for the lowest count, each of them is paid.",
            "void": "If several players tie for the lowest count, the hand is void."},
        ru={"all_paid": "Если наименьшая сумма у нескольких игроков, выплачивают каждому.",
            "void": "Если наименьшая сумма у нескольких игроков, сдача не состоялась."},
    ),
    "stakes.mode": RuleWords(
        "uniform: one agreed stake; per_player: each player names their own stake, and each "
        "payment rule says whose stake it is paid at.",
        en={"uniform": "The table agrees one stake before play.",
            "per_player": "Each player names their own stake; each payment says whose stake it uses."},
        ru={"uniform": "Перед игрой определяется одна общая ставка.",
            "per_player": "Каждый игрок называет свою ставку; для каждой выплаты сказано, чья ставка."},
    ),
    "scoring.mode": RuleWords(
        "stakes: payments are money; points: each hand's net (stake 1) is added to a score and "
        "the session ends when a player reaches the target; wins: a match that ends when a player has won "
        "target hands (each hand paid at its stakes).",
        en={"stakes": "Payments are settled after each hand.",
            Part("scoring.points"): "Each hand's payments (at stake 1) are points; the game ends when a player "
                                    "reaches {n} points.",
            Part("scoring.wins"): "Payments are settled after each hand; the match ends when a player has won {n} "
                                  "{n:hand|hands}."},
        ru={"stakes": "Выплаты делаются после каждой сдачи.",
            Part("scoring.points"): "Выплаты каждой сдачи (при ставке 1) – это очки; игра кончается, когда у "
                                    "игрока {n} очков.",
            Part("scoring.wins"): "Выплаты делаются после каждой сдачи; матч кончается, когда игрок выиграет {n} "
                                  "{n:сдачу|сдачи|сдач}."},
    ),
    "scoring.target": RuleWords("Points target (points mode), or hands to win (wins mode); null with stakes.",
                                said_with="scoring.mode"),
}

_ENDINGS: dict[str, tuple[str, str, str]] = {  # ending -> description, English lead-in, Russian lead-in
    "deal_tonk": ("Deal tonk: winners are the holders.", "Tonk on the deal", "Тонк на раздаче"),
    "knock_won": ("A successful knock: the winner is the knocker.", "The knock wins", "Открывшийся выиграл"),
    "knock_caught": ("A caught knock: winners are the lowest among the other players (a knocker never collects).",
                     "The knock is caught", "Открывшийся пойман"),
    "out_by_discard": ("Going out by discarding one's last card.", "Out by discarding the last card",
                       "Вышел, сбросив последнюю карту"),
    "out_by_spread": ("Going out without a final discard, having laid a new spread in that turn.",
                      "Out with no final discard, having laid a new spread in that turn",
                      "Вышел без сброса, выложив в этот ход новую группу или последовательность"),
    "out_by_hit": ("Going out without a final discard, with no new spread in that turn (hits only).",
                   "Out with no final discard, by hits only (no new spread in that turn)",
                   "Вышел без сброса, только добавлениями (без новой выкладки в этот ход)"),
    "stock_exhausted": ("The hand ended on the empty stock: winners are the lowest.", "The stock runs out",
                        "Колода кончилась"),
}
STAKES_WORDS.update({f"payments.{ending}": RuleWords(about, en={Part(f"ending.{ending}"): en},
                                                   ru={Part(f"ending.{ending}"): ru})
                     for ending, (about, en, ru) in _ENDINGS.items()})

#: The descriptions of a payment's parts (the model's PaymentEvent and PaymentRule fields).
PAYMENT_DESCRIPTIONS: dict[str, str] = {
    "PaymentEvent.rules": "Payment rules for this ending, all applied.",
    "PaymentRule.payer": "Who pays (see receiver).",
    "PaymentRule.receiver": "winners: who won the event (deal tonk holders; the knocker; the player out; the "
                            "lowest count; after a caught knock the lowest other players); others: everyone not a "
                            "winner; knocker; at_or_below_knocker / above_knocker: the other players by their "
                            "count against the knocker's.",
    "PaymentRule.stakes": "How many stakes each payer pays each receiver.",
    "PaymentRule.stake_of": "Whose stake is used: given with per-player stakes only (left out with one stake).",
}

#: The sheet's words for one payment rule, by language: roles as (payer form, receiver form); "winners"
#: depends on the ending.
PAYMENT_WORDS: dict[str, dict[Any, Any]] = {
    "en": {
        "pay": "{payer} pays {receiver} {amount}{whose}.",
        "pay.nothing": "nobody pays.",
        "amount.1": "the stake",
        "amount.2": "double the stake",
        "amount.n": "{n} times the stake",
        ("whose", "payer"): " (at the payer's own stake)",
        ("whose", "receiver"): " (at the receiver's stake)",
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
    },
    "ru": {
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
    },
}
