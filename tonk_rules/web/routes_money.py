"""The game master's money on the console: the economy (a file pasted, checked as ``tonk event economy`` checks
it), money handed out, buy-ins sold, IOUs settled — the functions ``tonk event`` calls. Every route needs the
game master's secret; each write is one ledger event at the player's table, undone from the console there."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from tonk_rules.errors import LedgerError
from tonk_rules.event.economy import EconomyFileError, economy_from_text
from tonk_rules.event.evening_money import buy_in, evening, issue_purse, set_economy, settle_iou
from tonk_rules.web.money_words import money_words, movement_words
from tonk_rules.web.routes_gm import act

#: the largest economy file a form takes (the file's own limit is smaller still)
ECONOMY_FORM_LIMIT = 32 * 1024


def _amount(values: dict[str, str]) -> int:
    text = values.get("amount", "").strip()
    if not text.isdigit() or len(text) > 7:
        raise LedgerError("an amount is a whole number from 1 to 1,000,000").coded("money_amount")
    return int(text)


def _set_economy(where: Any, values: dict[str, str]) -> str:
    event = where.views.event()
    try:
        economy = economy_from_text("economy", values.get("economy", ""))
    except EconomyFileError as exc:  # located as `tonk event economy` says it (the file's lines, its keys)
        first = exc.diagnostics[0]
        refusal = LedgerError(str(exc).replace("\n", "; "))
        if first.key_path:  # the key as typed (a key is a name, in any language); the value's fault in words
            raise refusal.coded("economy_problem", line=first.line, key=first.key_path) from None
        if first.message.startswith("an economy file is a mapping"):
            raise refusal.coded("economy_not_mapping", line=first.line) from None
        raise refusal.coded("economy_line", line=first.line) from None
    set_economy(event, economy)
    return money_words(event.language)["economy_set"]


def _money(where: Any, values: dict[str, str]) -> str:
    event = where.views.event()
    lang = event.language
    action = values.get("action", "")
    name = values.get("name", "").strip()
    if action == "issue":
        done = issue_purse(event, name, _amount(values))
        return movement_words(lang, {"what": "issue", **done})
    if action == "buy_in":
        done = buy_in(event, name)
        return movement_words(lang, {"what": "buy_in", **done})
    if action == "settle":
        ious = sorted(evening(event).ious.items())
        chosen = values.get("iou", "")
        if not chosen.isdigit() or int(chosen) >= len(ious):
            raise LedgerError("that IOU is no longer open").coded("no_iou", name="?", other="?")
        (debtor, creditor), _ = ious[int(chosen)]
        in_kind = values.get("in_kind") == "1"
        done = settle_iou(event, debtor, creditor, _amount(values), in_kind=in_kind)
        return movement_words(lang, {"what": "forgive" if in_kind else "settle", **done})
    raise LedgerError("choose what to do with the money").coded("money_nothing")


async def economy(request: Request) -> Response:
    return await act(request, _set_economy, largest=ECONOMY_FORM_LIMIT)


async def money(request: Request) -> Response:
    return await act(request, _money)


ROUTES = [
    Route("/gm/economy", economy, methods=["POST"]),
    Route("/gm/money", money, methods=["POST"]),
]
