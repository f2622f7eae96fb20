"""A phone's landing page: the small code-entry page the door (ui/guard.py) serves to a phone that has
no seat yet — plain HTML, no Flutter to load, in the phone's own language (its Accept-Language), with
letters of 18 px and more and a 48 px button. The form sends the code to `/join?code=…`, which the
door turns into `/join/<code>`, where the code is checked (and throttled) like any other.
"""
from __future__ import annotations

import html

from companion.i18n import N_
from ui.i18n import LANGUAGES, SOURCE_LANGUAGE, translation

TITLE = N_("Table companion")
LEAD = N_("Your own screen for your seat: type the code the table shows under Seats.")
LABEL = N_("Join code")
JOIN = N_("Join")
WRONG = N_("No seat of the game on the table has the code {code}.")
WAIT = N_("Too many wrong join codes: try again in {n} seconds.")


def phone_language(accept_language: str | None) -> str:
    """The first language of the browser's list ("nl-NL,nl;q=0.9,en;q=0.8") that the companion speaks."""
    weighted = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        weighted.append((-quality, position, tag.split("-")[0].strip().lower()))
    return next((code for *_order, code in sorted(weighted) if code in LANGUAGES), SOURCE_LANGUAGE)


def landing_page(accept_language: str | None, wrong_code: str | None = None, wait: int = 0) -> bytes:
    """The page, in the phone's language; with the code just refused, or the wait before the next."""
    language = phone_language(accept_language)
    say = translation(language).gettext

    def line(text: str) -> str:
        return html.escape(text)

    problem = ""
    if wait > 0:
        problem = say(WAIT).format(n=wait)
    elif wrong_code is not None:
        problem = say(WRONG).format(code=wrong_code)
    shown_problem = f"<p role=alert style='color:#ff8a80'>{line(problem)}</p>" if problem else ""
    page = f"""<!doctype html><html lang="{language}"><meta charset=utf-8>
<meta name=viewport content="width=device-width,initial-scale=1"><title>{line(say(TITLE))}</title>
<body style="font:20px/1.4 sans-serif;margin:0;padding:24px;background:#11151c;color:#eceff1">
<h1 style="font-size:28px;margin:0 0 12px">{line(say(TITLE))}</h1>
<p>{line(say(LEAD))}</p>{shown_problem}
<form action="/join" method="get">
<label for=code style="display:block;margin-bottom:6px">{line(say(LABEL))}</label>
<input id=code name=code inputmode=numeric autocomplete=off required
 style="font-size:24px;min-height:48px;width:100%;max-width:320px;box-sizing:border-box;padding:4px 8px">
<p><button style="font-size:20px;min-height:48px;min-width:160px;padding:0 24px">{line(say(JOIN))}</button></p>
</form>"""
    return page.encode()
