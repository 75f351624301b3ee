"""Session files: a game master prepares a table before the event in a small YAML file.

Format ``tonk-session/1``::

    # yaml-language-server: $schema=schemas/session.schema.json
    format: tonk-session/1
    title: Black Company weekend, table 2
    variant: house.yaml            # a built-in name, or a path relative to this file
    currency: крона                # the in-game money the table plays for
    stakes: 2                      # one stake, or per player: {Костоправ: 2, Гоблин: 1, Элмо: 1}
    seats:                         # clockwise; a seat is a character name, or {name, player}
      - Костоправ
      - {name: Гоблин, player: Anna}
      - Элмо
    first_dealer: Элмо             # optional: the first seat deals first when not given

The file is read by the hardened reader (:mod:`tonk_rules.yamlio`), checked against the checked-in schema
``schemas/session.schema.json`` (generated from :class:`SessionFile`) and by the variant's own rules
(players, stakes); every problem is reported as ``FILE:LINE:COL: message (at key)``.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "s.yaml"
    >>> _ = path.write_text("format: tonk-session/1\\nvariant: russian\\ncurrency: crowns\\nstakes: 0\\n"
    ...                     "seats: [Ann, Bob]\\n", encoding="utf-8")
    >>> try:
    ...     load_session_file(path)
    ... except SessionFileError as exc:
    ...     print(str(exc).replace(str(path), "s.yaml"))
    s.yaml:4:9: a stake is a whole number of at least 1, or a mapping name -> stake; got 0 (at stakes)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tonk_rules.errors import Diagnostic, SessionFileError, VariantError, YamlReadError
from tonk_rules.ruleset.table_bounds import why_not_stake
from tonk_rules.yamlio import YamlDocument, read_yaml_file

FORMAT = "tonk-session/1"
SCHEMA_ID = "urn:tonk-rules:schema:session"
MAX_SESSION_BYTES = 64 * 1024
Name = str
#: A seat name: typed in commands (``--hand NAME=CARDS``), so 1 to 40 characters, none of ``= , :``
SeatName = Annotated[str, Field(min_length=1, max_length=40, description="A seat name: 1 to 40 characters, no "
                                                                        "'=', ',' or ':', no leading or trailing "
                                                                        "space.")]
MAX_PLAYER_CHARS = 80
#: A stake: a whole number of at least 1 (strict: ``true`` is not 1).
Stake = Annotated[int, Field(ge=1, strict=True)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Seat(_Strict):
    """One seat: the name used at the table (a character name) and, optionally, who plays it."""

    name: str = Field(min_length=1, max_length=40,
                      description="The name used at the table and in commands: 1 to 40 characters, no '=', ',' "
                                  "or ':'.")
    player: str | None = Field(None, min_length=1, max_length=MAX_PLAYER_CHARS,
                               description="Who plays this seat (optional; 1 to 80 characters).")


class SessionFile(_Strict):
    """A table prepared before the event: the variant, the seats clockwise, the stakes and the currency."""

    format: Literal["tonk-session/1"] = Field(description="The file format and its version.")
    title: str | None = Field(None, max_length=120, description="A one-line title for the session.")
    variant: str = Field(min_length=1, description="A built-in variant name, or a variant file path relative "
                                                   "to this file.")
    currency: str = Field(min_length=1, max_length=40, description="The name of the in-game money.")
    stakes: Stake | dict[Name, Stake] = Field(
        description="One stake for everyone, or a stake per seat name (variants with per-player stakes).")
    seats: list[Seat | SeatName] = Field(min_length=2, description="The seats clockwise: names, or {name, player}.")
    first_dealer: str | None = Field(None, description="The seat that deals first (default: the first seat).")


@dataclass(frozen=True)
class SessionPlan:
    """A validated session file, ready to create a ledger from."""

    file: str
    title: str | None
    variant_ref: str
    currency: str
    seats: tuple[str, ...]
    players: tuple[str | None, ...]
    stakes: tuple[int, ...]
    first_dealer: str


def session_schema() -> dict[str, Any]:
    """The JSON Schema of a session file (checked in as ``schemas/session.schema.json``)."""
    schema = SessionFile.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
            "title": "tonk-rules session file", **{k: v for k, v in schema.items() if k != "title"}}


def session_schema_text() -> str:
    return json.dumps(session_schema(), indent=2, ensure_ascii=False) + "\n"


def _schema_problems(doc: YamlDocument) -> list[Diagnostic]:
    import jsonschema

    from tonk_rules.variant.diagnose import did_you_mean, got, list_form

    validator_cls = jsonschema.validators.validator_for(session_schema())
    keys = list(SessionFile.model_fields)
    extra = sorted(set(doc.data) - set(keys))
    # a misspelt key explains the "required" error of the key it was meant to be: report it once, with the hint
    meant = {key: did_you_mean(key, [k for k in keys if k not in doc.data]) for key in extra}
    problems = [doc.diagnostic((key,), f"unknown key {key!r}{meant[key]}", key=True) for key in extra]
    for error in validator_cls(session_schema()).iter_errors(doc.data):
        path = tuple(error.absolute_path)
        message = error.message
        if error.validator == "additionalProperties" and path == ():
            continue
        if error.validator == "required" and any(f"{error.message.split(chr(39))[1]!r}?" in m for m in meant.values()):
            continue
        if error.validator == "anyOf" and path and path[0] == "stakes":
            message = f"a stake is a whole number of at least 1, or a mapping name -> stake; got {error.instance!r}"
        if error.validator == "anyOf" and len(path) == 2 and path[0] == "seats":
            message = _why_not_seat(error.instance)
        if error.validator == "type" and error.validator_value == "array" and not isinstance(error.instance, dict):
            message = f"expected a list, {got(error.instance)}: write it as {list_form(error.instance)}"
        problems.append(doc.diagnostic(path, message))
    return problems


def _why_not_seat(seat: object) -> str:
    """Why a seat entry is not one: a name, or ``{name, player}``, within the stated limits."""
    from tonk_rules.table.table_setup import why_bad_name

    if isinstance(seat, dict):
        unknown = [str(k) for k in seat if k not in ("name", "player")]
        if unknown:
            return f"a seat is a name or {{name, player}}; unknown key {unknown[0]!r}"
        name, player = seat.get("name"), seat.get("player")
        if player is not None and (not isinstance(player, str) or not 1 <= len(player) <= MAX_PLAYER_CHARS):
            return f"a seat's player is a name of 1 to {MAX_PLAYER_CHARS} characters"
        seat = name
    if not isinstance(seat, str):
        return "a seat is a name (1 to 40 characters), or {name, player}"
    return why_bad_name(seat) or "a seat name has 1 to 40 characters"


def _why_not_stakes(stakes: object) -> tuple[tuple[str | int, ...], str]:
    """Where and why the stakes are not stakes, said once (pydantic says it once per member of the union)."""
    if isinstance(stakes, dict):
        for name, value in stakes.items():
            why = why_not_stake(value)
            if why is not None:
                return ("stakes", name), why
    return ("stakes",), f"a stake is a whole number of at least 1, or a mapping name -> stake; got {stakes!r}"


def _model_problems(doc: YamlDocument, exc: ValidationError) -> list[Diagnostic]:
    out = []
    for err in exc.errors():
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p in ("Seat", "str", "int")) and
                    not (isinstance(p, str) and p.startswith(("dict[", "function-"))))
        if loc[:1] == ("stakes",):  # 15.0: JSON Schema's integer, not Python's
            where, why = _why_not_stakes(doc.data.get("stakes"))
            diagnostic = doc.diagnostic(where, why)
            if diagnostic not in out:
                out.append(diagnostic)
            continue
        out.append(doc.diagnostic(loc, err["msg"]))
    return out


def load_session_file(path: str | Path) -> SessionPlan:
    """Read and check a session file, including against its variant's rules (players, stakes)."""
    file = str(path)
    try:
        doc = read_yaml_file(path, limit=MAX_SESSION_BYTES, what="session file")
    except YamlReadError as exc:
        raise SessionFileError(exc.diagnostics) from None
    if not isinstance(doc.data, dict):
        raise SessionFileError([Diagnostic(file, 1, 1, "a session file is a mapping of keys (format, variant, "
                                                        "currency, stakes, seats)")])
    problems = _schema_problems(doc)
    if problems:
        raise SessionFileError(problems)
    try:
        model = SessionFile.model_validate(doc.data)
    except ValidationError as exc:
        raise SessionFileError(_model_problems(doc, exc)) from None
    return _plan(doc, model, Path(path).parent)


def _plan(doc: YamlDocument, model: SessionFile, base: Path) -> SessionPlan:
    from tonk_rules.table.table_setup import check_table_setup, resolve_variant_ref, why_bad_name

    seats = [s if isinstance(s, Seat) else Seat(name=s) for s in model.seats]
    names = [s.name for s in seats]
    problems = [doc.diagnostic(("seats", i), f"seat name {n!r} is given twice")
                for i, n in enumerate(names) if n in names[:i]]
    problems += [doc.diagnostic(("seats", i), why) for i, n in enumerate(names) if (why := why_bad_name(n))]
    if isinstance(model.stakes, int):
        stakes = [model.stakes] * len(names)
    else:
        problems += [doc.diagnostic(("stakes", n), f"{n!r} is not seated (seats: {', '.join(names)})", key=True)
                     for n in model.stakes if n not in names]
        problems += [doc.diagnostic(("stakes",), f"no stake for {n!r}") for n in names if n not in model.stakes]
        stakes = [model.stakes.get(n, 1) for n in names]
    first = model.first_dealer if model.first_dealer is not None else names[0]
    if first not in names:
        problems.append(doc.diagnostic(("first_dealer",), f"{first!r} is not seated (seats: {', '.join(names)})"))
    if problems:
        raise SessionFileError(problems)
    ref = resolve_variant_ref(model.variant, base)
    try:
        why = check_table_setup(ref, names, stakes, named=True)
    except VariantError as exc:
        if all(d.line for d in exc.diagnostics):
            raise  # problems inside the variant file, located there
        raise SessionFileError([doc.diagnostic(("variant",), d.message) for d in exc.diagnostics]) from None
    if why:
        where = ("stakes",) if "stake" in why else ("seats",) if "player" in why or "seat" in why else ("variant",)
        raise SessionFileError([doc.diagnostic(where, why)])
    return SessionPlan(doc.file, model.title, ref, model.currency, tuple(names),
                       tuple(s.player for s in seats), tuple(stakes), first)
