"""`companion cards list|enrol|forget|export|import`: the card catalogue from a shell.

Enrolment takes a UID and a card name as arguments, or reads UIDs from stdin: typed by hand, or
typed by a USB keyboard-wedge reader, which is just a keyboard. For each unknown tag it asks which
card it is, offering the game's card names by prefix. (Enrolment with an RC522 happens in the UI:
the core does not talk to hardware.)

The catalogue (companion.cards) is imported by the sub-command that uses it: building the command line
for another sub-command (`companion headless`) does not pay for it.
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
from typing import IO, TYPE_CHECKING

from companion.errors import RuleError
from companion.i18n import _
from companion.messages import P, render
from companion.registry import get_game
from companion.store import default_path

if TYPE_CHECKING:
    from companion.cards import CardCatalogue, Classification, EnrolableCard


def add_cards_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add `cards` and its sub-commands to the `companion` command's subparsers."""
    cards: argparse.ArgumentParser = subparsers.add_parser("cards", help="the card catalogue: which RFID tag is which card")
    sub = cards.add_subparsers(required=True, metavar="ACTION")

    listing = sub.add_parser("list", help="list the enrolled tags")
    listing.add_argument("--game", default=None, help="only this game's tags")
    _db_option(listing)
    listing.set_defaults(func=_list)

    enrol = sub.add_parser("enrol", help="tell which card a tag is (without UID CARD: scan or type tags on stdin)")
    enrol.add_argument("--game", required=True, help="game id (companion games lists them)")
    enrol.add_argument("uid", nargs="?", metavar="UID", help="the tag's UID (hex, or the 10 digits a USB reader types)")
    enrol.add_argument("card", nargs="?", metavar="CARD", help="the game's name for the card (the enrolment prompt lists them)")
    enrol.add_argument("--label", default=None, help="what to call this copy on screen")
    enrol.add_argument("--replace", action="store_true", help="re-enrol a tag that is already known")
    enrol.add_argument("--decimal-order", choices=("big", "little"), default="big", help="byte order of 10-digit UIDs (readers differ)")
    _db_option(enrol)
    enrol.set_defaults(func=_enrol)

    forget = sub.add_parser("forget", help="remove a tag from the catalogue")
    forget.add_argument("uid", metavar="UID")
    forget.add_argument("--game", default=None, help="only this game's meaning of the tag (default: every game's)")
    forget.add_argument("--decimal-order", choices=("big", "little"), default="big")
    _db_option(forget)
    forget.set_defaults(func=_forget)

    known = sub.add_parser("known", help="every card the game knows (its published cards and the ones a tag can be)")
    known.add_argument("game", help="game id (companion games lists them)")
    known.add_argument("--json", action="store_true", help="one JSON object a line: id, kind, names, and what the card prints")
    known.set_defaults(func=_known)

    export = sub.add_parser("export", help="write the catalogue as CSV")
    export.add_argument("file", nargs="?", default="-", help="CSV file to write (default: stdout)")
    export.add_argument("--game", default=None, help="only this game's tags")
    _db_option(export)
    export.set_defaults(func=_export)

    imported = sub.add_parser("import", help="read tags from CSV (checked whole before anything is saved)")
    imported.add_argument("file", help="CSV file with the columns uid, game, card[, label, enrolled_at]; - for stdin")
    imported.add_argument("--replace", action="store_true", help="let the file change tags already enrolled as another card")
    _db_option(imported)
    imported.set_defaults(func=_import)
    return cards


def _db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", default=None, help=f"the save file (default: $COMPANION_DB or {default_path()})")


def _catalogue(args: argparse.Namespace) -> CardCatalogue:
    from companion.cards import CardCatalogue

    return CardCatalogue(args.db or default_path())


# -- list, forget, export, import -----------------------------------------------------------------
def _list(args: argparse.Namespace) -> int:
    with _catalogue(args) as catalogue:
        entries = catalogue.list(args.game)
        if not entries:
            print(_("No tags are enrolled in {path}.").format(path=catalogue.path))
    for e in entries:
        when = datetime.datetime.fromtimestamp(e.enrolled_at).strftime("%Y-%m-%d")
        print(f"{e.uid:20} {e.game:10} {e.card:24} {e.label or '':20} {when}".rstrip())
    return 0


def _known(args: argparse.Namespace) -> int:
    """The game's cards, without a save file: what the companion knows of the cardboard."""
    for card in get_game(args.game).cards():
        names = dict(card.names) or {"en": render(card.name)}
        if args.json:
            print(json.dumps({"id": card.id, "kind": card.kind, "names": names, **dict(card.details)}, ensure_ascii=False))
        else:
            print(f"{card.id:28} {card.kind:12} {render(card.name)}")
    return 0


def _forget(args: argparse.Namespace) -> int:
    with _catalogue(args) as catalogue:
        forgotten = catalogue.forget(_uid(args.uid, args.decimal_order), args.game)
    for entry in forgotten:
        print(_("Forgot the tag {uid} ({card}, {game}).").format(uid=entry.uid, card=entry.shown, game=entry.game))
    return 0


def _export(args: argparse.Namespace) -> int:
    with _catalogue(args) as catalogue:
        count = catalogue.export_csv(sys.stdout if args.file == "-" else args.file, args.game)
    if args.file != "-":
        print(_("Wrote {n} tags to {file}.").format(n=count, file=args.file))
    return 0


def _import(args: argparse.Namespace) -> int:
    with _catalogue(args) as catalogue:
        count = catalogue.import_csv(sys.stdin if args.file == "-" else args.file, replace=args.replace)
    print(_("Imported {n} new or changed tags.").format(n=count))
    return 0


def _uid(text: str, decimal_order: str) -> str:
    from companion.cards import normalise_uid

    try:
        return normalise_uid(text, decimal_order=decimal_order)
    except ValueError as exc:
        raise RuleError("BAD_UID", _("That is not a card tag: {reason}.").format(reason=exc)) from None


# -- enrol ----------------------------------------------------------------------------------------
def _enrol(args: argparse.Namespace) -> int:
    get_game(args.game)  # a typo in --game is an error here, where people type it
    with _catalogue(args) as catalogue:
        if args.uid is None:
            return _enrol_from_stdin(catalogue, args, sys.stdin, sys.stdout)
        uid = _uid(args.uid, args.decimal_order)
        card = args.card or _ask_card(args.game, sys.stdin, sys.stdout)
        if card is None:
            print(_("Nothing enrolled."))
            return 1
        _warn_if_not_a_card_name(args.game, card)
        entry = catalogue.enrol(uid, args.game, card, args.label, replace=args.replace)
    print(_("Enrolled the tag {uid} as {card} ({game}).").format(uid=entry.uid, card=entry.shown, game=entry.game))
    return 0


def _enrol_from_stdin(catalogue: CardCatalogue, args: argparse.Namespace, stdin: IO[str], out: IO[str]) -> int:
    """Scan (or type) tags one per line; ask the card of each unknown one. An empty line or EOF ends."""
    from companion.cards import normalise_uid

    enrolled = 0
    while True:
        line = _ask(_("Scan a card or type its UID (empty line: done): "), stdin, out)
        if not line:
            break
        try:
            uid = normalise_uid(line, decimal_order=args.decimal_order)
        except ValueError as exc:
            print(_("That is not a card tag: {reason}.").format(reason=exc), file=out)
            continue
        if not _may_enrol(catalogue.classify(uid, args.game), args.replace, out):
            continue
        card = _ask_card(args.game, stdin, out)
        if card is None:
            print(_("Skipped {uid}.").format(uid=uid), file=out)
            continue
        entry = catalogue.enrol(uid, args.game, card, replace=args.replace)
        print(_("Enrolled the tag {uid} as {card}.").format(uid=entry.uid, card=entry.card), file=out)
        enrolled += 1
    print(render(P("{n} tag enrolled.", "{n} tags enrolled.", n=enrolled)), file=out)
    return 0


def _may_enrol(found: Classification, replace: bool, out: IO[str]) -> bool:
    """Say what the tag already is; True when it may be (re-)enrolled."""
    from companion.cards import Known, OtherGame

    if isinstance(found, OtherGame):
        print(render(found.message), file=out)
        return replace
    if isinstance(found, Known):
        print(_("This tag is already {card}.").format(card=found.entry.shown), file=out)
        return replace
    return True


def _ask_card(game: str, stdin: IO[str], out: IO[str]) -> str | None:
    """Which card is it? A prefix narrows the game's list; a number picks from the list shown.
    A game without a list takes any name. None when the answer is empty (skip) or stdin ended."""
    from companion.cards import enrolable_cards, match_cards

    known = enrolable_cards(game)
    shown: list[EnrolableCard] = []
    while True:
        answer = _ask(_("Which card is it? (start of its name, ? for all, empty to skip): "), stdin, out)
        if not answer:
            return None
        if not known:
            return answer
        if answer.isdigit() and 1 <= int(answer) <= len(shown):
            return shown[int(answer) - 1].id
        shown = known if answer == "?" else match_cards(game, answer)
        if len(shown) == 1 and answer != "?":
            return shown[0].id
        if not shown:
            print(_("No card of {game} starts with \"{typed}\".").format(game=game, typed=answer), file=out)
        for n, card in enumerate(shown, 1):
            print(f"  {n:2}. {card.id:20} {card.name}", file=out)


def _ask(prompt: str, stdin: IO[str], out: IO[str]) -> str | None:
    out.write(prompt)
    out.flush()
    line = stdin.readline()
    return line.strip() if line else None


def _warn_if_not_a_card_name(game: str, card: str) -> None:
    from companion.cards import enrolable_cards

    known = enrolable_cards(game)
    if known and card not in {c.id for c in known}:
        print(_("Note: \"{card}\" is not one of {game}'s card names; scanning it will mean nothing in a game.").format(card=card, game=game), file=sys.stderr)
