"""Rendering the pages (Jinja2 templates shipped in the package, every value escaped) and what every route
asks of a request: its session and CSRF token, whether it is the game master's or a table's helper's."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from tonk_rules.web.keys import GM_COOKIE, SESSION_COOKIE, Keys, RateLimit, new_session, table_cookie
from tonk_rules.web.page_labels import ending_word, local_time, reached, won_words, words
from tonk_rules.web.page_language import asked_language, keep_language
from tonk_rules.web.views import Views

ENV = Environment(loader=PackageLoader("tonk_rules.web", "templates"), autoescape=select_autoescape(default=True),
                  undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


@dataclass
class Site:
    """What the routes share: the event folder, its cached views, the keys, the addresses to show."""

    folder: Path
    views: Views
    keys: Keys
    reads: RateLimit
    writes: RateLimit
    base_url: str  # how phones reach the server (the LAN address with --lan)

    def language(self) -> str:
        try:
            return self.views.event().language
        except Exception:  # no readable event: the pages still speak
            return "en"

    def clean(self, message: str) -> str:
        """A message as a page may show it: the game master's folders are not the page's business."""
        return message.replace(f"{self.folder}/", "").replace(str(self.folder), "the event folder")


def site(request: Request) -> Site:
    found: Site = request.app.state.site
    return found


def chosen_language(request: Request) -> str:
    """The language this phone chose (``?lang=``, kept in a cookie), else the event's: the house-rule designer's."""
    return asked_language(request) or site(request).language()


def session_of(request: Request) -> str | None:
    value = request.cookies.get(SESSION_COOKIE)
    return value if value and 16 <= len(value) <= 40 else None


def is_gm(request: Request) -> bool:
    return site(request).keys.is_gm(request.cookies.get(GM_COOKIE))


def may_record(request: Request, table: str) -> bool:
    return is_gm(request) or site(request).keys.is_table_token(table, request.cookies.get(table_cookie(table)))


def set_cookie(response: Response, name: str, value: str) -> None:
    response.set_cookie(name, value, max_age=7 * 24 * 3600, httponly=True, samesite="lax", path="/")


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """The page ``template`` with the words of the event's language and this session's CSRF token."""
    where = site(request)
    session = session_of(request)
    fresh = session is None
    session = session or new_session()
    lang = context.pop("lang", None) or where.language()
    body = ENV.get_template(template).render(
        w=words(lang), lang=lang, csrf=where.keys.csrf_token(session), is_gm=is_gm(request),
        ending=lambda e: ending_word(lang, e),
        over=lambda leaders, target, match=False: reached(lang, leaders, target, match),
        **said_in(lang), **context)
    response = HTMLResponse(body, status_code=status)
    if fresh:
        set_cookie(response, SESSION_COOKIE, session)
    keep_language(request, response)
    return response


def message(request: Request, status: int, text: str, *, back: str = "/", lang: str | None = None) -> HTMLResponse:
    return page(request, "message.html", status, text=text, back=back, title=str(status), lang=lang)


def see_other(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def fragment(template: str, lang: str, **context: Any) -> str:
    return ENV.get_template(template).render(w=words(lang), lang=lang, ending=lambda e: ending_word(lang, e),
                                             **said_in(lang), **context)


def said_in(lang: str) -> dict[str, Any]:
    """What a template says in ``lang`` beyond its words: who won (in number), a time on the local clock."""
    return {"won": lambda winners: won_words(lang, winners), "local": lambda at: local_time(lang, at)}
