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
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.paired import same_deals
from tonk_rules.sim.panel import DEFAULT_PLAYER
from tonk_rules.sim.stats import percent
from tonk_rules.web.pages import fragment

#: Hands of a check: enough to settle a change of a point or two in how hands end, in seconds on a laptop.
PLAY_HANDS = 20_000
#: The checks remembered (the latest), so that an old page's fragment still answers.
KEPT = 16


@dataclass
class PlayCheck:
    """One check: how far it has played, then its findings (or why it could not play)."""

    parent: str
    total: int
    done: int = 0
    findings: list[str] = field(default_factory=list)
    failed: str = ""
    finished: bool = False


_CHECKS: dict[str, PlayCheck] = {}
_RUNNING = threading.Lock()  # one check at a time: a laptop's cores serve the tables first
_KEEP = threading.Lock()


def start_check(parent: str, parent_rules: Ruleset, house_rules: Ruleset, players: int) -> str | None:
    """Start a check in a thread and return its id, or None while another one is running."""
    if not _RUNNING.acquire(blocking=False):
        return None
    key = secrets.token_urlsafe(12)
    check = PlayCheck(parent, 2 * PLAY_HANDS)
    with _KEEP:
        _CHECKS[key] = check
        for old in list(_CHECKS)[:-KEPT]:
            del _CHECKS[old]

    def play() -> None:
        try:
            check.findings = play_findings(parent, parent_rules, house_rules, players, check)
        except Exception as exc:  # noqa: BLE001  # the page says it could not play; the server goes on
            check.failed = str(exc) or type(exc).__name__
        finally:
            check.finished = True
            _RUNNING.release()

    threading.Thread(target=play, name=f"tonk-play-{key}", daemon=True).start()
    return key


def play_findings(parent: str, parent_rules: Ruleset, house_rules: Ruleset, players: int,
                  check: PlayCheck | None = None) -> list[str]:
    """Play both on the same deals and say what differs, settled differences first."""
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
    if sums is not None and all(s.squares == 0 for s in sums.values()):
        return [f"Your rules play exactly as {parent} on every one of these {PLAY_HANDS:,} deals: the change "
                "never came into play with the default players."]
    was, now = _figures(base), _figures(house)
    said, quiet = [], []
    for name, d in change["figures"].items():
        lo, hi = d["ci95"]
        if lo > 0 or hi < 0:
            said.append((abs(d["value"]) / max(hi - lo, 1e-12), f"{name}: {_shown(name, was[name])} in {parent}, "
                                                                f"{_shown(name, now[name])} with yours "
                                                                f"({_change(name, d)})."))
        elif d["value"] != 0 or lo != hi:
            quiet.append(name)
    out = [text for _, text in sorted(said, key=lambda s: -s[0])]
    if quiet:
        out.append(f"Not settled by {PLAY_HANDS:,} hands (their 95% interval includes no change): "
                   f"{'; '.join(quiet)}.")
    paired = "paired per deal" if sums is not None else "unpaired (your rules deal different cards)"
    out.append(f"{PLAY_HANDS:,} hands each, {players} players, every seat {DEFAULT_PLAYER}; brackets: 95% "
               f"intervals of the difference, {paired}; pt: percentage points.")
    return out


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


def check_state(key: str) -> PlayCheck | None:
    return _CHECKS.get(key)


async def play_fragment(request: Request) -> Response:
    """The live part of the form's page while a check plays: its progress, then its findings."""
    check = check_state(str(request.path_params["key"]))
    if check is None:
        return HTMLResponse("<p class=\"small\">This check is no longer kept; check again.</p>")
    return HTMLResponse(fragment("design_play.html", "en", check=check),
                        headers={"X-Version": f"{check.done}-{check.finished}"})


ROUTES = [Route("/rules/play/{key}", play_fragment)]
