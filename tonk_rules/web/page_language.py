"""The language a phone chose for its pages: ``?lang=en|ru`` on any page, kept in a cookie for the pages after it,
else the server's (the event's, or ``tonk play --web --lang``). Used by the house-rule designer and the play pages,
where each person reads their own phone; the event's pages keep the event's language (one evening, one language).

    >>> from starlette.requests import Request
    >>> asked_language(Request({"type": "http", "query_string": b"lang=ru", "headers": []}))
    'ru'
    >>> asked_language(Request({"type": "http", "query_string": b"", "headers": [(b"cookie", b"tonk_lang=en")]}))
    'en'
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

#: The languages a page can be read in.
PAGE_LANGS = ("en", "ru")
#: The cookie that keeps a phone's choice (a year: a choice, not a secret).
LANG_COOKIE = "tonk_lang"
#: What an unknown ``?lang=`` is refused with (the HTTP error's detail; the app words it in its language).
UNKNOWN_LANGUAGE = "unknown language"


def asked_language(request: Request) -> str | None:
    """The language this phone asked for (``?lang=``, else its cookie), or None: the server's. An unknown
    ``?lang=`` is refused (400), not ignored."""
    asked = request.query_params.get("lang")
    if asked is not None:
        if asked not in PAGE_LANGS:
            raise HTTPException(400, UNKNOWN_LANGUAGE)
        return asked
    kept = request.cookies.get(LANG_COOKIE)
    return kept if kept in PAGE_LANGS else None


def keep_language(request: Request, response: Response) -> None:
    """Remember a ``?lang=`` choice on this phone for the pages after it."""
    asked = request.query_params.get("lang")
    if asked in PAGE_LANGS:
        response.set_cookie(LANG_COOKIE, asked, max_age=365 * 24 * 3600, httponly=True, samesite="lax", path="/")
