""""What does this change in play?": the house rules and their parent played on the same deals, on the server.

A check plays :data:`PLAY_HANDS` hands of seed 0 under both rule sets with the default players
(:data:`~tonk_rules.sim.panel.DEFAULT_PLAYER` in every seat), as one paired job
(:mod:`tonk_rules.sim.paired_run`): hand ``i`` deals the same cards under both, so each figure's difference
is measured hand by hand, with its 95% interval, as ``tonk sweep`` measures a point against the first. It
runs in a thread of the server, one at a time; the page follows it through ``/rules/play/ID`` (the live
fragment the page's script asks for every second: a progress bar, then the findings).

Only differences whose interval excludes zero are said as findings; the rest are summed up in one line.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from tonk_rules.bots.specs import parse_spec
from tonk_rules.report.findings import figure_label
from tonk_rules.report.lang_numbers import in_lang
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.paired import same_deals
from tonk_rules.sim.panel import DEFAULT_PLAYER
from tonk_rules.sim.stats import percent
from tonk_rules.web.pages import chosen_language, fragment
from tonk_rules.words.designer_lines import DESIGN_LINES
from tonk_rules.words.numbers import fill_line

#: Hands of a check: enough to settle a change of a point or two in how hands end, in seconds on a laptop.
PLAY_HANDS = 20_000
#: The checks remembered (the latest), so that an old page's fragment still answers.
KEPT = 16


@dataclass
class PlayCheck:
    """One check: how far it has played, then its findings (or why it could not play)."""

    parent: str
    total: int
    lang: str = "en"  # the language of the page that started it: its findings' and its fragment's
    done: int = 0
    findings: list[str] = field(default_factory=list)
    failed: str = ""
    finished: bool = False


_CHECKS: dict[str, PlayCheck] = {}
_RUNNING = threading.Lock()  # one check at a time: a laptop's cores serve the tables first
_KEEP = threading.Lock()


def start_check(parent: str, parent_rules: Ruleset, house_rules: Ruleset, players: int,
                lang: str = "en") -> str | None:
    """Start a check in a thread and return its id, or None while another one is running."""
    if not _RUNNING.acquire(blocking=False):
        return None
    key = secrets.token_urlsafe(12)
    check = PlayCheck(parent, 2 * PLAY_HANDS, lang)
    with _KEEP:
        _CHECKS[key] = check
        for old in list(_CHECKS)[:-KEPT]:
            del _CHECKS[old]

    def play() -> None:
        try:
            check.findings = play_findings(parent, parent_rules, house_rules, players, check, lang)
        except Exception as exc:  # noqa: BLE001  # the page says it could not play; the server goes on
            check.failed = str(exc) or type(exc).__name__
        finally:
            check.finished = True
            _RUNNING.release()

    threading.Thread(target=play, name=f"tonk-play-{key}", daemon=True).start()
    return key


def play_findings(parent: str, parent_rules: Ruleset, house_rules: Ruleset, players: int,
                  check: PlayCheck | None = None, lang: str = "en") -> list[str]:
    """Play both on the same deals and say what differs, settled differences first, in ``lang``."""
    from tonk_rules.sim.executors import make_executor
    from tonk_rules.sim.paired_run import PairedJob, feature_names, run_all
    from tonk_rules.sim.sweep import differences

    seats = (parse_spec(DEFAULT_PLAYER),) * players
    job = PairedJob(f"{parent} and your rules", (parent_rules, house_rules), seats, PLAY_HANDS, 0, ((1, 0),))

    def advance(n: int) -> None:
        if check is not None:
            check.done += n

    [result] = run_all([job], make_executor("local", workers=1), advance)
    base, house = result.tallies
    sums = {f: result.pair(1, 0, f) for f in feature_names(players)} if same_deals(parent_rules, house_rules) \
        else None
    change = differences(house, base, sums)
    count = in_lang(f"{PLAY_HANDS:,}", lang)
    if sums is not None and all(s.squares == 0 for s in sums.values()):
        return [said("same_play", lang, parent=parent, count=count, n=PLAY_HANDS)]
    was, now = _figures(base), _figures(house)
    found, quiet = [], []
    for name, d in change["figures"].items():
        lo, hi = d["ci95"]
        if lo > 0 or hi < 0:
            text = said("figure", lang, name=_name(name, lang), was=_shown(name, was[name]), parent=parent,
                        now=_shown(name, now[name]), change=_change(name, d))
            found.append((abs(d["value"]) / max(hi - lo, 1e-12), in_lang(text, lang)))
        elif d["value"] != 0 or lo != hi:
            quiet.append(_name(name, lang))
    out = [text for _, text in sorted(found, key=lambda s: -s[0])]
    if quiet:
        out.append(said("unsettled", lang, count=count, n=PLAY_HANDS, names="; ".join(quiet)))
    paired = said("paired" if sums is not None else "unpaired", lang)
    out.append(said("how_played", lang, count=count, n=PLAY_HANDS, players=players, bot=DEFAULT_PLAYER,
                    paired=paired))
    return out


def _name(figure: str, lang: str) -> str:
    """A figure of :func:`_figures` as said in ``lang`` (English: as named there)."""
    if lang == "en":
        return figure
    if figure.startswith("ends: "):
        return figure_label(figure, lang)
    if figure == "mean turns":
        return said("mean_turns", lang)
    return said("position_net", lang, n=figure.split()[1])


def _figures(tally: Any) -> dict[str, float]:
    out = {f"ends: {e}": v["fraction"] for e, v in tally.ending_json().items()}
    out["mean turns"] = tally.moments(tally.turns).mean
    for p in range(tally.players):
        out[f"position {p + 1} mean net"] = tally.moments(tally.position_net[p]).mean
    return out


def _shown(name: str, value: float) -> str:
    return percent(value) if name.startswith("ends: ") else f"{value:+.3f}" if "net" in name else f"{value:.2f}"


def _change(name: str, d: dict[str, Any]) -> str:
    lo, hi = d["ci95"]
    if name.startswith("ends: "):
        return f"{100 * d['value']:+.2f} pt [{100 * lo:+.2f}, {100 * hi:+.2f}]"
    n = 3 if "net" in name else 2
    return f"{d['value']:+.{n}f} [{lo:+.{n}f}, {hi:+.{n}f}]"


def said(key: str, lang: str, **values: Any) -> str:
    return fill_line(DESIGN_LINES, key, lang, **values)


def play_lines(check: PlayCheck) -> dict[str, str]:
    """What the check's part of the page says now, in the language of the page that started it."""
    lang = check.lang
    return {"playing": said("playing", lang, parent=check.parent),
            "progress": said("progress", lang, done=in_lang(f"{check.done:,}", lang),
                             total=in_lang(f"{check.total:,}", lang), n=check.total),
            "failed": said("failed", lang, why=check.failed), "changes": said("changes", lang)}


def check_state(key: str) -> PlayCheck | None:
    return _CHECKS.get(key)


async def play_fragment(request: Request) -> Response:
    """The live part of the form's page while a check plays: its progress, then its findings."""
    check = check_state(str(request.path_params["key"]))
    if check is None:
        lang = chosen_language(request)
        return HTMLResponse(fragment("message_fragment.html", lang, text=said("gone", lang)))
    return HTMLResponse(fragment("design_play.html", check.lang, check=check, lines=play_lines(check)),
                        headers={"X-Version": f"{check.done}-{check.finished}"})


ROUTES = [Route("/rules/play/{key}", play_fragment)]
