"""What each viewer sees of an Elder Sign game, derived from state alone.

Nothing is secret in Elder Sign: the table and every seat see the same fields (a seat's own
investigator is marked `mine`), and there is no game master.

- `turn`, `seats`: the typed turn (whose turn, the phase, the result) and the players.
- `view`: the doom track and clock, Elder Signs, the investigators, the adventures in play, the attempt.
- `ring`: the doom track as a gauge with its monster spaces and the clock hand; midnight and the
  awakening as alerts.
- `prompt`, `describe`, `announcements`: what to do next, the undo-list line, what the table must hear.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.contract import Result, Seat, Turn, Viewer
from companion.games.eldersign import events as ev
from companion.games.eldersign import names
from companion.games.eldersign.analysis import where_name
from companion.games.eldersign.config import ENTRANCE, Card, Effects
from companion.games.eldersign.odds.dice import GREEN, TERROR
from companion.games.eldersign.phases import ATTEMPT, BATTLE, CHOOSE, CLOCK, MIDNIGHT, MOVE, PHASES, RESOLVE
from companion.games.eldersign.rules import _eligible
from companion.games.eldersign.state import BATTLE_TARGET, Attempt, ElderSignState, evolve
from companion.messages import M, P, Text, joined, render
from companion.records import Event
from companion.ring import Alert, Counter, Counters, Gauge

assert {p.id for p in PHASES} == {CHOOSE, MOVE, RESOLVE, ATTEMPT, CLOCK, MIDNIGHT, BATTLE}

ROMAN = {0: "XII", 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX", 10: "X", 11: "XI"}


# -- the contract's typed parts ---------------------------------------------------------------------
def seats(s: ElderSignState) -> tuple[Seat, ...]:
    return tuple(Seat(name, name) for name in s.players)


def turn(s: ElderSignState) -> Turn:
    if s.status == "setup":
        return Turn("setup")
    if s.status in ("won", "lost"):
        return Turn("over", result=Result(s.players if s.status == "won" else (), names.ending(s.result)))
    return Turn("playing", s.phase, (s.seat,))


# -- the view -----------------------------------------------------------------------------------------
def view(s: ElderSignState, viewer: Viewer) -> dict[str, Any]:
    ao = s.config.ancient_one
    fields: dict[str, Any] = {
        "ancient_one": {
            "id": ao.id, "name": render(ao.title), "ability": ao.ability, "doom_track": ao.doom, "monster_spaces": list(ao.monster_spaces),
            "elder_signs_needed": ao.elder_signs, "battle_task": ao.battle.notation if ao.battle else None,
            "attack": ao.attack, "awakening": ao.awakening, "checked": ao.checked,
        },
        "doom": s.doom,
        "clock": s.clock,
        "clock_label": ROMAN[s.clock],
        "elder_signs": s.elder_signs,
        "awakened": s.awakened,
        "mythos": _mythos(s),
        "investigators": [_investigator(s, i, viewer) for i in range(len(s.players))],
        "adventures": [_adventure(s, adventure) for adventure in s.adventures],
        "attempt": _attempt(s, s.attempt) if s.attempt else None,
        "monsters_due": s.monsters_due,
        "to_lay": s.to_lay,
        "helper_debts": list(s.helper_debts),
        "midnight_texts": [{"adventure": a, "name": render(s.config.adventures[a].title), "text": s.config.adventures[a].at_midnight}
                           for a in s.midnight_texts],
        "at_midnight": [{"adventure": render(card.title), "text": card.at_midnight} for card in map(s.card, s.adventures) if card.at_midnight]
        if s.phase == MIDNIGHT else [],
        "result": s.result,
    }
    return fields


def _mythos(s: ElderSignState) -> dict[str, Any] | None:
    if s.mythos is None:
        return None
    card = s.config.mythos[s.mythos]
    return {"id": card.id, "name": render(card.title), "text": card.text}


def _investigator(s: ElderSignState, index: int, viewer: Viewer) -> dict[str, Any]:
    inv = s.investigators[index]
    seat = s.players[index]
    printed = s.config.investigators.get(inv.card or "")
    return {
        "seat": seat, "card": inv.card, "name": render(printed.title) if printed else None, "ability": printed.ability if printed else "",
        "sanity": inv.sanity, "max_sanity": printed.sanity if printed else 0,
        "stamina": inv.stamina, "max_stamina": printed.stamina if printed else 0,
        "clues": inv.clues, "common": inv.common, "unique": inv.unique, "spells": inv.spells, "allies": inv.allies,
        "trophies": inv.trophies, "where": inv.where, "where_name": render(where_name(s, inv.where)),
        "devoured": inv.card is None, "daily_used": inv.daily_used, "to_choose": inv.to_choose,
        "swaps": list(inv.swaps), "active": index == s.active and s.status == "playing",
        "mine": viewer.is_seat and viewer.seat == seat,
    }


def _adventure(s: ElderSignState, adventure: str) -> dict[str, Any]:
    card = s.card(adventure)
    return {
        "id": adventure, "name": render(card.title), "tasks": _tasks(card), "terror": card.terror, "trophies": card.trophies,
        "other_world": card.other_world, "monsters": len(s.monsters.get(adventure, ())), "here": s.seats_at(adventure),
        "reward": render(effects_text(card.reward)), "penalty": render(effects_text(card.penalty)),
        "entry": card.entry, "at_midnight": card.at_midnight,
    }


def _tasks(card: Card, done: tuple[int, ...] = (), eligible: Sequence[int] = ()) -> list[dict[str, Any]]:
    """Each task in printed order: its number, its boxes in the notation, its stage, done and eligible."""
    stage_of = {index: n for n, stage in enumerate(card.stages) for index in stage}
    return [{"number": i + 1, "boxes": [str(box) for box in task], "text": ",".join(str(box) for box in task),
             "stage": stage_of.get(i, 0), "done": i in done, "eligible": i in eligible} for i, task in enumerate(card.tasks)]


def _attempt(s: ElderSignState, a: Attempt) -> dict[str, Any]:
    card = s.card(a.target)
    return {
        "seat": a.seat, "target": a.target, "name": render(card.title), "battle": a.battle, "terror": card.terror,
        "tasks": _tasks(card, a.done, _eligible(card.stages, a.done)),
        "pool": {"green": a.pool[0], "yellow": a.pool[1], "red": a.pool[2]},
        "roll": [{"number": i + 1, "colour": names.COLOUR_KEYS[c], "face": names.FACE_KEYS[f], "text": render(names.die((c, f))),
                  "due": i in a.due} for i, (c, f) in enumerate(a.roll)],
        "entered": [{"colour": names.COLOUR_KEYS[c], "face": names.FACE_KEYS[f]} for c, f in a.entered],
        # the dice whose faces are awaited: after a completed task too (the rest are rolled next)
        "due": names.pool_json(a.due_colours()) if a.step in ("roll", "completed") and any(a.due_colours()) else None,
        "held": [{"slot": slot, "face": names.FACE_KEYS[f], "text": render(names.slot(slot))} for slot, f in a.held],
        "step": a.step, "terror_shown": any(die == (GREEN, TERROR) for die in a.roll) and a.step == "rolled" and not a.terror_applied,
        "marker_used": a.marker_used, "wins": a.wins,
    }


def effects_text(e: Effects) -> Text:
    """A reward or penalty in words: "Elder Sign +1, clues +1; <text>"."""
    parts: list[Text] = []
    values = {"elder_signs": e.elder_signs, **e.possessions, "doom": e.doom}
    counters = {key: value for key, value in values.items() if value}
    if counters:
        parts.append(joined([M("{what} {delta}", what=_EFFECT_NAMES.get(key) or names.stat(key), delta=f"{value:+d}")
                             for key, value in counters.items()], ", "))
    if e.monsters:
        parts.append(P("a monster appears", "{n} monsters appear", n=e.monsters))
    if e.text:
        parts.append(e.text)
    return joined(parts, "; ") if parts else M("nothing")


_EFFECT_NAMES: dict[str, Text] = {"elder_signs": M("Elder Signs"), "doom": M("doom")}


# -- the ring ---------------------------------------------------------------------------------------
def ring(s: ElderSignState) -> Gauge | Counters:
    """The doom track as a gauge (tokens, monster-icon spaces marked) and the clock hand on the same
    ring; an alert for midnight, one space left, the awakening and the end. While dice the companion
    rolled lie on the table, their faces instead: one arc per die (names.FACE_RING)."""
    if s.attempt is not None and s.attempt.virtual and s.attempt.roll and s.status == "playing":
        return Counters(tuple(Counter(*names.FACE_RING[face]) for _colour, face in s.attempt.roll))
    ao = s.config.ancient_one
    alert = None
    if s.status == "won":
        alert = Alert("spin", "gold", period_ms=1500)
    elif s.status == "lost":
        alert = Alert("pulse", "danger", period_ms=1200)
    elif s.awakened:
        alert = Alert("pulse", "danger", period_ms=800)
    elif s.phase == MIDNIGHT:
        alert = Alert("flash", "clock", count=3)
    elif s.status == "playing" and s.doom == ao.doom - 1:
        alert = Alert("pulse", "warning", period_ms=1500, space=ao.doom - 1)  # the last free space beats
    return Gauge(length=ao.doom, filled=s.doom, marked=tuple(space - 1 for space in ao.monster_spaces),
                 clock=s.clock if s.status != "setup" else None, clock_hours=12, alert=alert)


# -- the prompt ---------------------------------------------------------------------------------------
def prompt(s: ElderSignState, viewer: Viewer | None = None) -> Text:
    if s.status == "setup":
        return P("Start the game: name the player and the investigator.", "Start the game: name the {n} players and their investigators.",
                 n=s.config.players)
    if s.status in ("won", "lost"):
        return names.ending(s.result)
    text: list[Text] = [_PHASE_PROMPTS[s.phase](s, s.seat)]
    if s.monsters_due:
        text.append(P("A monster appears: put it on an adventure.", "{n} monsters appear: put them on adventures.", n=s.monsters_due))
    if s.to_lay:
        text.append(P("Lay a new adventure card.", "Lay {n} new adventure cards.", n=s.to_lay))
    for seat, inv in zip(s.players, s.investigators, strict=True):
        if inv.swaps:
            text.append(M("{seat}: keep the {item} gained, or take a clue, a common item or a spell instead.", seat=seat, item=names.stat(inv.swaps[0])))
    for seat, adventure in s.midnight_owed:
        text.append(P("{seat}: pay {n} trophy for {adventure} or take its loss.", "{seat}: pay {n} trophies for {adventure} or take its loss.",
                      seat=seat, n=s.card(adventure).at_midnight_pay, adventure=s.config.adventures[adventure].title))
    if s.helper_debts:
        text.append(M("{seats}: lose 1 sanity or 1 stamina for the die you held.", seats=", ".join(s.helper_debts)))
    for adventure in s.midnight_texts:
        text.append(M("Say what {adventure} did at midnight.", adventure=s.config.adventures[adventure].title))
    return joined(text)


def _move(s: ElderSignState, seat: str) -> Text:
    return M("{seat}: move to an adventure or to the entrance.", seat=seat)


def _resolve(s: ElderSignState, seat: str) -> Text:
    where = s.investigator().where
    if where == ENTRANCE:
        return M("{seat}: at the entrance, first aid or buy with trophies, or pass.", seat=seat)
    return M("{seat}: attempt {adventure}, or pass.", seat=seat, adventure=where_name(s, where))


def _attempt_prompt(s: ElderSignState, seat: str) -> Text:
    a = s.attempt
    assert a is not None
    if a.step == "roll":
        due = a.due_colours()
        if a.due:
            return M("Roll {dice} again and say the faces.", dice=names.pool(due))
        return M("Roll {dice} and say the faces.", dice=names.pool(due))
    if a.step == "rolled":
        text: list[Text] = [M("Complete a task with this roll, or spend a clue, focus, cast a spell or discard a die.")]
        card = s.card(a.target)
        if card.terror != "none" and not a.terror_applied and any(die == (GREEN, TERROR) for die in a.roll):
            text.insert(0, M("Terror shows: if no task is completed, the terror effect strikes."))
        return joined(text)
    if a.step == "holding":
        return M("Cast more spells, or discard a die; the rest are rolled again.")
    return M("Task done. Cast spells on dice to keep, then roll the rest.")


def _clock(s: ElderSignState, seat: str) -> Text:
    hours = s.clock + s.config.hours_per_turn
    if hours >= 12:
        return M("{seat}: end the turn; the clock strikes midnight.", seat=seat)
    return M("{seat}: end the turn; the clock moves to {hour}.", seat=seat, hour=ROMAN[hours])


def _midnight(s: ElderSignState, seat: str) -> Text:
    if s.awakened:
        return M("Midnight: {name} attacks. {attack} Then continue.", name=s.config.ancient_one.title, attack=s.config.ancient_one.attack)
    effects = [f"{render(card.title)}: {card.at_midnight.rstrip('. ')}" for card in map(s.card, s.adventures) if card.at_midnight]
    text: list[Text] = [M("Midnight! Draw a Mythos card.")]
    if effects:
        text.insert(0, M("Midnight! At midnight: {effects}.", effects="; ".join(effects)))
        text[1] = M("Then draw a Mythos card.")
    return joined(text)


def _choose(s: ElderSignState, seat: str) -> Text:
    return M("{seat}: your investigator was devoured; choose a new one.", seat=seat)


def _battle(s: ElderSignState, seat: str) -> Text:
    ao = s.config.ancient_one
    return M("{seat}: attack {name} (battle task {task}), or pass.", seat=seat, name=ao.title, task=ao.battle.notation if ao.battle else "")


_PHASE_PROMPTS: dict[str, Callable[[ElderSignState, str], Text]] = {
    MOVE: _move, RESOLVE: _resolve, ATTEMPT: _attempt_prompt, CLOCK: _clock, MIDNIGHT: _midnight, CHOOSE: _choose, BATTLE: _battle}


# -- the undo list ------------------------------------------------------------------------------------
def describe(before: ElderSignState, events: Sequence[Event], viewer: Viewer | None = None) -> Text:
    """One line for a step, e.g. "Ann: task 2 done; the attempt succeeds; Elder Signs 3"."""
    if events and isinstance(events[0], ev.GameStarted):
        return M("Game started with {players}", players=", ".join(events[0].players))
    state = before
    parts: list[Text] = []
    for event in events:
        describe_event = _DESCRIBE.get(type(event))
        text = describe_event(state, event) if describe_event else None
        if text:
            parts.append(text)
        state = evolve(state, event)
    if not parts:
        return ""
    sentence = joined(parts, "; ")
    actor = before.active_seat if before.status == "playing" else None
    return M("{player}: {what}", player=actor, what=sentence) if actor else sentence


def _target_name(s: ElderSignState, target: str) -> Text:
    return s.config.ancient_one.title if target == BATTLE_TARGET else s.config.adventures[target].title


def _rolled(s: ElderSignState, e: ev.Rolled) -> Text:
    faces = names.said_faces([f for _c, f in e.dice])
    return M("rolled {faces}", faces=faces) if not e.positions else M("rerolled {faces}", faces=faces)


def _task(s: ElderSignState, e: ev.TaskCompleted) -> Text:
    return M("task {n} done", n=e.task + 1)


def _ended(s: ElderSignState, e: ev.AttemptEnded) -> Text:
    if e.target == BATTLE_TARGET:
        return M("the attack on {name} ends", name=s.config.ancient_one.title)
    name = s.config.adventures[e.target].title
    return M("{adventure} completed", adventure=name) if e.success else M("{adventure} failed", adventure=name)


def _doom(s: ElderSignState, e: ev.DoomChanged) -> Text:
    return M("doom {a} → {b} of {n}", a=e.source, b=e.to, n=s.config.ancient_one.doom)


def _clock_text(s: ElderSignState, e: ev.ClockAdvanced) -> Text:
    return M("clock {a} → {b}", a=ROMAN[e.source], b=ROMAN[e.to])


def _stats(s: ElderSignState, e: ev.StatsChanged) -> Text:
    """"clues +1" for the investigator whose turn it is; "Bob: stamina -1" for another."""
    if e.seat == s.active_seat:
        return names.changes(e.changes)
    return M("{seat}: {changes}", seat=e.seat, changes=names.changes(e.changes))


def _devoured(s: ElderSignState, e: ev.Devoured) -> Text:
    return M("{name} is devoured", name=s.config.investigators[e.investigator].title)


_DESCRIBE: dict[type, Callable[[ElderSignState, Any], Text | None]] = {
    ev.AdventureLaid: lambda s, e: M("{adventure} laid out", adventure=s.config.adventures[e.adventure].title),
    ev.AdventureLeft: lambda s, e: M("{adventure} leaves play", adventure=s.config.adventures[e.adventure].title),
    ev.TurnStarted: lambda s, e: M("{seat}'s turn", seat=e.seat),
    ev.Moved: lambda s, e: M("moves to {place}", place=where_name(s, e.to)),
    ev.Passed: lambda s, e: M("passes"),
    ev.AttemptStarted: lambda s, e: M("attempts {adventure} with {dice}", adventure=_target_name(s, e.target), dice=names.pool(e.dice)),
    ev.Rolled: _rolled,
    ev.TaskCompleted: _task,
    ev.TerrorStruck: lambda s, e: M("Terror: the attempt fails") if e.effect == "fail" else M("Terror strikes") if e.effect == "effect"
    else P("Terror: {n} die lost", "Terror: {n} dice lost", n=len(e.lost)),
    ev.ClueSpent: lambda s, e: P("a clue rerolls {n} die", "a clue rerolls {n} dice", n=len(e.dice)),
    ev.DieHeld: lambda s, e: M("{die} onto {slot}", die=names.die(s.attempt.roll[e.die]) if s.attempt else "?", slot=names.slot(e.slot)),
    ev.DieDiscarded: lambda s, e: M("discards {die}", die=names.die(s.attempt.roll[e.die]) if s.attempt else "?"),
    ev.AttemptEnded: _ended,
    ev.StatsChanged: _stats,
    ev.FaceEntered: lambda s, e: M("a die shows {die}", die=names.die(e.die)),
    ev.ElderSignsChanged: lambda s, e: M("Elder Signs {a} → {b}", a=s.elder_signs, b=e.to),
    ev.DoomChanged: _doom,
    ev.MonstersDue: lambda s, e: P("a monster appears", "{n} monsters appear", n=e.count),
    ev.MonsterPlaced: lambda s, e: M("a monster on {adventure}", adventure=s.config.adventures[e.adventure].title),
    ev.ClockAdvanced: _clock_text,
    ev.MidnightStruck: lambda s, e: M("midnight"),
    ev.MythosDrawn: lambda s, e: M("Mythos: {card}", card=s.config.mythos[e.card].title),
    ev.MonsterTaken: lambda s, e: M("a monster taken as a trophy"),
    ev.CardEntered: lambda s, e: M("new Mythos card kept: {name}", name=e.entry["name"]) if e.into == "mythos"
    else M("new monster marker kept: {name}", name=e.entry["name"]),
    ev.MidnightOwed: lambda s, e: None,
    ev.MidnightPaid: lambda s, e: None,
    ev.MidnightTextOwed: lambda s, e: None,
    ev.MidnightTextDone: lambda s, e: M("{adventure} at midnight", adventure=s.config.adventures[e.adventure].title),
    ev.AttackTaken: lambda s, e: M("{seat} takes the attack", seat=e.seat),
    ev.AttackResolved: lambda s, e: M("{name} attacked", name=s.config.ancient_one.title),
    ev.Devoured: _devoured,
    ev.InvestigatorChosen: lambda s, e: M("{seat} takes {name}", seat=e.seat, name=s.config.investigators[e.investigator].title),
    ev.Rerolled: lambda s, e: P("the ability rolls {n} die again", "the ability rolls {n} dice again", n=len(e.dice)),
    ev.DieChanged: lambda s, e: M("the ability turns die {n} to {face}", n=e.die + 1, face=names.face(e.face)),
    ev.SwapsOffered: lambda s, e: None,
    ev.GainSwapped: lambda s, e: M("{seat} keeps the {what}", seat=e.seat, what=names.stat(e.gave)) if e.took == e.gave
    else M("{seat} takes {took} instead of {gave}", seat=e.seat, took=names.stat(e.took), gave=names.stat(e.gave)),
    ev.StartingItemTaken: lambda s, e: M("{seat} takes a starting item: {what}", seat=e.seat, what=names.stat(e.what)),
    ev.DailyUsed: lambda s, e: M("daily ability used"),
    ev.Awakened: lambda s, e: M("{name} awakens", name=s.config.ancient_one.title),
    ev.GameWon: lambda s, e: M("the game is won"),
    ev.GameLost: lambda s, e: M("the game is lost"),
}


# -- what the table must hear ---------------------------------------------------------------------------
def announcements(before: ElderSignState, events: Sequence[Event]) -> list[Text]:
    """The alerts of a step (spoken even when only alerts are): midnight, a monster appearing, the doom
    count, Terror, an adventure's end, Elder Signs, a devoured investigator, the awakening, the end."""
    said: list[Text] = []
    state = before
    for event in events:
        alert = _ALERTS.get(type(event))
        text = alert(state, event) if alert else None
        if text:
            said.append(text)
        state = evolve(state, event)
    return said


_ALERTS: dict[type, Callable[[ElderSignState, Any], Text | None]] = {
    ev.MidnightStruck: lambda s, e: M("Midnight."),
    ev.MonstersDue: lambda s, e: P("A monster appears.", "{n} monsters appear.", n=e.count),
    ev.DoomChanged: lambda s, e: M("Doom {n} of {track}.", n=e.to, track=s.config.ancient_one.doom),
    ev.TerrorStruck: lambda s, e: M("Terror!"),
    ev.AttemptEnded: lambda s, e: None if e.target == BATTLE_TARGET else (M("Adventure completed.") if e.success else M("The adventure fails.")),
    ev.ElderSignsChanged: lambda s, e: M("Elder Signs: {n} of {needed}.", n=e.to, needed=s.config.ancient_one.elder_signs),
    ev.Devoured: lambda s, e: M("{name} is devoured.", name=s.config.investigators[e.investigator].title),
    ev.Awakened: lambda s, e: M("{name} awakens!", name=s.config.ancient_one.title),
    ev.GameWon: lambda s, e: names.ending(e.reason),
    ev.GameLost: lambda s, e: names.ending(e.reason),
}
