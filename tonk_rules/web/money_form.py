"""What the console's money section shows (tonk_rules/web/templates/gm_money.html): the economy in a few
words and as its file, the players, the open IOUs, the buy-in; read for the console page."""

from __future__ import annotations

from typing import Any

from tonk_rules.event.evening_money import evening
from tonk_rules.web.money_words import economy_lines, money_words


def money_form(event: Any) -> dict[str, Any]:
    """What the console's money section shows: the economy in a few words, the players, the open IOUs."""
    lang = event.language
    economy = event.economy
    form: dict[str, Any] = {"w": money_words(lang), "on": economy is not None, "summary": "", "text": "",
                            "players": [], "ious": [], "buy_in": None}
    if economy is None:
        form["text"] = "format: tonk-economy/1\npurse: 30\nbank: {cut_percent: 10}\ndebt_limit: 0\nat_limit: iou\n"
        return form
    money = evening(event)
    form.update(summary=" · ".join(economy_lines(lang, economy)), players=sorted(money.purses),
                ious=[(d, c, a) for (d, c), a in sorted(money.ious.items())], buy_in=economy.buy_in,
                text=_economy_text(economy.data()))
    return form


def _economy_text(data: dict[str, Any]) -> str:
    """The economy as the file that would give it (what the console's text area starts from)."""
    import yaml

    def given(value: Any) -> Any:  # what the file would say: an unset key (None) is left out, not written "null"
        if isinstance(value, dict):
            return {k: given(v) for k, v in value.items() if v is not None}
        return value

    shown = {k: v for k, v in given(data).items() if k != "format" and v != {}}
    return "format: tonk-economy/1\n" + yaml.safe_dump(shown, allow_unicode=True, sort_keys=False)
