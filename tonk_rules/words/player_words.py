"""What a player does, in sentences, by language: the lines :func:`tonk_rules.bots.describe.describe_player`
fills in (numbers and their nouns through :func:`~tonk_rules.words.numbers.fill`).

The bots compute what a player decides (its knock thresholds, asked of its compiled rule); these are only its
words, so that ``tonk compare --lang ru`` says in Russian which players produced its figures.

    >>> from tonk_rules.words.numbers import fill_line
    >>> fill_line(PLAYER_LINES, "greedy_when", "ru", knock=1)
    'открывается с 1 очком или меньше'
    >>> fill_line(PLAYER_LINES, "after_patience", "ru", patience=21)
    ' (после 21 своего хода — всегда, когда можно). '
"""

from __future__ import annotations

#: One line per part of a description: ``{"en": …, "ru": …}``, a number's noun as ``{n:forms}``.
PLAYER_LINES: dict[str, dict[str, str]] = {
    "random": {"en": "Picks uniformly at random among the legal actions.",
               "ru": "Выбирает действие случайно, с равной вероятностью среди разрешённых."},
    "greedy_play": {"en": "Lays every spread it can, the biggest first; hits with its highest card; takes the discard "
                          "only when it makes a meld or a hit; discards its highest card.",
                    "ru": "Выкладывает всё, что может, начиная с самой большой выкладки; добавляет к выкладкам свою "
                          "старшую карту; берёт карту из кучи, только если с ней получается группа или добавление; "
                          "сбрасывает свою старшую карту."},
    "casual": {"en": "Knocks as people say they do: at a count of 5 or less on its first turn, one more each turn "
                     "after, up to 8 (after {patience} turns, whenever it may). ",
               "ru": "Открывается так, как, по их словам, открываются люди: с 5 очками или меньше в свой первый ход, "
                     "с каждым следующим ходом на одно очко больше, до 8 (после {patience} {patience:хода|ходов|ходов}"
                     " — всегда, когда можно). "},
    "montecarlo": {"en": "Searches each decision: deals the cards it cannot see at random, consistently with what it "
                         "has seen, {budget} shared among its legal moves, plays each move out with every other seat "
                         "played as what it has seen that seat do (the default player, casual, greedy or random; "
                         "{seen}), and plays the move that paid most where it clearly beats the default player's own "
                         "choice; otherwise it plays as the default player.",
                   "ru": "Обдумывает каждое решение: раздаёт невидимые ему карты случайно, согласно тому, что видел, "
                         "делит {budget} между разрешёнными ходами, доигрывает каждый ход, играя за каждое другое "
                         "место так, как это место играло на его глазах (как игрок по умолчанию, casual, greedy или "
                         "random; {seen}), и делает ход, принёсший больше всего, если он явно лучше выбора игрока по "
                         "умолчанию; иначе играет как игрок по умолчанию."},
    "budget_n": {"en": "{n} playouts", "ru": "{n} {n:розыгрыш|розыгрыша|розыгрышей}"},
    "budget": {"en": "a budget of playouts", "ru": "свой запас розыгрышей"},
    "seen_session": {"en": "over the hands of a session", "ru": "за все сдачи сессии"},
    "seen_hand": {"en": "this hand", "ru": "в этой сдаче"},
    "greedy_when": {"en": "knocks when its count is at most {knock}",
                    "ru": "открывается с {knock} {knock:очком|очками|очками} или меньше"},
    "greedy_alt": {"en": " ({main:g}% of hands; at most {alt_knock} in the other {share:g}%)",
                   "ru": " (в {main:g}% сдач; в остальных {share:g}% — с {alt_knock} "
                         "{alt_knock:очком|очками|очками} или меньше)"},
    "greedy_zero": {"en": "knocks only with a count of 0", "ru": "открывается только с суммой 0"},
    "after_patience": {"en": " (after {patience} turns of its own, whenever it may). ",
                       "ru": " (после {patience} {patience:своего хода|своих ходов|своих ходов} — всегда, когда "
                             "можно). "},
    "reckoner_knock": {
        "en": "Knocks when the knock's expected payoff under these rules reaches {margin} stakes: a won knock pays it "
              "{won}, one caught by a single player {caught}, and it judges the chance of being caught by the "
              "others' hand sizes, their turns{read} and the cards still unseen. At {players} players that means "
              "knocking with a count of {early} while the others hold {hand} cards on their first turn, {later} "
              "after four turns each, and {short} once one of them is down to 2 cards (after {patience} turns of its "
              "own, whenever it may).",
        "ru": "Открывается, когда ожидаемый выигрыш от открытия по этим правилам достигает {margin} ставки: "
              "выигранное открытие приносит ему {won}, пойманное одним игроком — {caught}; шанс быть пойманным он "
              "оценивает по числу карт у остальных, их ходам{read} и ещё не виденным картам. При {players} "
              "{players:игроке|игроках|игроках} это значит открываться {early}, пока у остальных по {hand} "
              "{hand:карте|карты|карт} в их первый ход, {later} после четырёх ходов каждого и {short}, как только у "
              "одного из них останется 2 карты (после {patience} {patience:своего хода|своих ходов|своих ходов} — "
              "всегда, когда можно)."},
    "reckoner_read": {
        "en": ", the cards each took from the pile and still holds, and its last discard (its other cards believed "
              "worth at most {slack} more)",
        "ru": ", картам, которые каждый взял из кучи и ещё держит, и его последнему сбросу (прочие его карты, по "
              "оценке, стоят не больше чем на {slack} {slack:очко|очка|очков} больше)"},
    "never": {"en": "never", "ru": "никогда"},
    "at_most": {"en": "at most {count}", "ru": "с суммой не больше {count}"},
    "hold": {"en": "Keeps a spread worth {hold} or less in hand instead of laying it, unless laying it empties its "
                   "hand; lays bigger ones, the biggest first.",
             "ru": "Держит на руке выкладку, которая стоит {hold} {hold:очко|очка|очков} или меньше, вместо того "
                   "чтобы выложить её, если только выкладка не освобождает руку; бо́льшие выкладывает, начиная с "
                   "самой большой."},
    "lay_all": {"en": "Lays every spread it can, the biggest first.",
                "ru": "Выкладывает всё, что может, начиная с самой большой выкладки."},
    "hits": {"en": "Hits with its highest card.", "ru": "Добавляет к выкладкам свою старшую карту."},
    "take": {"en": "Takes the discard when it makes a meld or a hit, or when it is worth {take} or less and below its "
                   "highest card that is in no meld",
             "ru": "Берёт карту из кучи, если с ней получается группа или добавление, либо если она стоит {take} "
                   "{take:очко|очка|очков} или меньше и меньше его старшей карты вне групп"},
    "stall": {"en": "; with {stall} or fewer stock cards left it takes the discard whenever it does not expect to hold "
                    "the lowest count, to keep the hand going",
              "ru": "; когда в колоде остаётся {stall} {stall:карта|карты|карт} или меньше, берёт карту из кучи "
                    "всякий раз, когда не ожидает у себя наименьшей суммы, чтобы сдача продолжалась"},
    "discard": {"en": "Discards the card worth least to keep: its value against the unseen cards that would still "
                      "make a meld with it ({hope:g} points each while the stock is full), keeping cards the others "
                      "could hit onto a spread a little longer",
                "ru": "Сбрасывает карту, которую меньше всего стоит держать: её ценность по ещё не виденным картам, "
                      "с которыми она составила бы группу (каждая даёт {hope:g}, пока колода полна); карты, которые "
                      "другие могли бы добавить к выкладке, держит чуть дольше"},
    "discard_taken": {"en": ", and where the rules allow it, that can be the card it just took.",
                      "ru": "; где правила позволяют, это может быть и только что взятая карта."},
    "end": {"en": ".", "ru": "."},
    # what the terminal says of a player described once (report.comparison.players_once)
    "without": {"en": " (without «{gone}»)", "ru": " (без «{gone}»)"},
    "as_below_one": {"en": " (in {first}; in {other} as below)", "ru": " (в {first}; в {other} — как ниже)"},
    "as_below_many": {"en": " (in {first}; alike in the others but as below)",
                      "ru": " (в {first}; в остальных так же, кроме сказанного ниже)"},
}
