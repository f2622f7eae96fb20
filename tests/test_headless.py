"""`companion headless`: the JSON-lines interface, as a real process on a real SQLite file."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from companion.games.bigbang import GAME
from companion.session import Session

START = {"cmd": "start", "players": ["Ann", "Bob", "Cy"], "settings": {"table": {"cards_from": "companion"}}, "master_pin": "4321"}


class Headless:
    """A `companion headless` child process, one request and one reply at a time."""

    def __init__(self, db, *args):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db), *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
        )

    def send_raw(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        assert reply, f"no reply; stderr: {self.proc.stderr.read()}"
        return json.loads(reply)

    def send(self, request):
        return self.send_raw(json.dumps(request))

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(10)


@pytest.fixture
def headless(db_path):
    h = Headless(db_path, "--seed", "11")
    yield h
    h.close()


def test_a_started_game_reports_status_player_moon_and_cubes(headless):
    reply = headless.send(START)
    assert reply["ok"] is True
    state = reply["state"]
    assert state["turn"]["status"] == "playing" and state["turn"]["acting"] == ["Ann"]
    assert state["moon"] == 8 and state["cubes"] == 0
    assert reply["events"][0]["type"] == "game_started"


@pytest.mark.parametrize("line, code", [
    ("this is not json", "BAD_JSON"),
    ('["start"]', "BAD_REQUEST"),
    ('{"players": []}', "BAD_REQUEST"),
    ('{"cmd": "teleport"}', "UNKNOWN_COMMAND"),
    ('{"cmd": "start", "players": "Ann"}', "BAD_ARGUMENTS"),
    ('{"cmd": "start", "players": ["Ann"], "colour": "red"}', "BAD_ARGUMENTS"),
    ('{"cmd": "undo", "steps": "all"}', "BAD_ARGUMENTS"),
    ('{"cmd": "undo"}', "NOTHING_TO_UNDO"),
    ('{"cmd": "play", "character": "penny", "cards": 1}', "NOT_STARTED"),
    ('{"cmd": "master", "pin": "0000"}', "NO_MASTER_PIN"),
    ('{"cmd": "state", "id": "' + "7" * 100 + '"}', "BAD_REQUEST"),  # an id it could not echo: said, not dropped
    ('{"cmd": "undo", "id": true}', "BAD_REQUEST"),
])
def test_bad_input_gets_a_coded_error_and_the_process_lives_on(headless, line, code):
    reply = headless.send_raw(line)
    assert reply["ok"] is False
    assert reply["error"]["code"] == code and reply["error"]["message"]
    assert headless.send({"cmd": "state"})["state"]["turn"]["status"] == "setup"


def test_commands_lists_the_games_and_the_sessions_commands_with_docs(headless):
    commands = {c["name"]: c for c in headless.send({"cmd": "commands"})["commands"]}
    assert {"start", "play", "pass", "special", "move", "act", "gate", "draw", "reveal", "place", "deal", "roll"} <= set(commands)
    assert {"commands", "state", "undo", "redo", "log"} <= set(commands)
    assert all(c["doc"] for c in commands.values())
    move_args = commands["move"]["args"]
    assert move_args == [{"name": "location", "type": "int", "required": True}]


def test_undo_redo_and_the_readable_log(headless):
    headless.send(START)
    headless.send({"cmd": "play", "character": next(iter(headless.send({"cmd": "state"})["state"]["players"][0]["hand"])), "cards": 1})
    log = headless.send({"cmd": "log"})["log"]
    assert [entry["step"] for entry in log] == [1, 2]
    assert log[1]["description"].startswith("Ann: plays 1 ")
    undone = headless.send({"cmd": "undo"})
    assert undone["undone"] == [log[1]["description"]] and undone["state"]["turn"]["phase"] == "choose"
    redone = headless.send({"cmd": "redo"})
    assert redone["redone"] == [log[1]["description"]] and redone["state"]["turn"]["phase"] == "actions"


def test_the_master_view_needs_the_pin_and_shows_the_solution(headless):
    started = headless.send(START)
    assert headless.send({"cmd": "master", "pin": "1111"})["error"]["code"] == "WRONG_PIN"
    master = headless.send({"cmd": "master", "pin": "4321"})["master"]
    assert sorted(master["solution"]) == sorted(started["state"]["gate"]["runes"])
    assert "solution" not in json.dumps(started)


def test_the_ring_view_follows_the_moon(headless):
    headless.send(START)
    ring = headless.send({"cmd": "ring"})["ring"]
    assert ring == {"kind": "track", "length": 12, "position": 8, "bottom": 0, "top": 11, "danger": 0, "alert": None}


def test_resume_continues_the_most_recent_game(db_path):
    first = Headless(db_path, "--seed", "5")
    state = first.send(START)["state"]
    first.close()
    again = Headless(db_path, "--resume")
    try:
        assert again.send({"cmd": "state"})["state"] == state
    finally:
        again.close()


def test_resume_with_nothing_saved_says_so(db_path):
    result = subprocess.run([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db_path), "--resume"],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=30)
    assert result.returncode == 2
    assert "no saved bigbang game" in result.stderr and "Traceback" not in result.stderr


def test_a_damaged_save_file_is_a_clear_message_not_a_traceback(db_path):
    db_path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    result = subprocess.run([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db_path)],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=30)
    assert result.returncode == 2
    assert str(db_path) in result.stderr and "cannot be used" in result.stderr
    assert "Traceback" not in result.stderr


def _legal_walk(n):
    """The first n commands of a plain legal game, decided by an in-process session."""
    session = Session(GAME, 11)
    requests = [START]
    session.apply(START)
    while len(requests) < n and session.state.status == "playing":
        s = session.state
        if s.phase == "choose":
            request = {"cmd": "play", "character": next(iter(s.hand)), "cards": 1} if s.hand else {"cmd": "pass"}
        elif s.phase == "actions":
            request = {"cmd": "move", "location": (s.positions[s.turn.character] or 0) % 6 + 1}
        elif s.phase == "draw":
            room = s.config.hand_limit - sum(s.hand.values())
            request = {"cmd": "draw", "count": 1, "discard": [] if room else [next(iter(s.hand))]}
        else:
            request = {"cmd": "accept"}
        session.apply(request)
        requests.append(request)
    return requests


def test_kill_9_mid_stream_then_resume_keeps_every_acknowledged_step(db_path):
    """Power loss: every reply received was durable; nothing acknowledged is lost."""
    requests = _legal_walk(40)
    proc = subprocess.Popen([sys.executable, "-m", "entry", "headless", "bigbang", "--db", str(db_path), "--seed", "11"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    proc.stdin.write("".join(json.dumps(r) + "\n" for r in requests))  # the whole stream, in flight at once
    proc.stdin.flush()
    acknowledged = [json.loads(proc.stdout.readline()) for _ in range(25)]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    assert all(reply["ok"] for reply in acknowledged)

    resumed = Headless(db_path, "--resume")
    try:
        log = resumed.send({"cmd": "log"})
        steps = len(log["log"])
        assert 25 <= steps <= len(requests)
        # the resumed game is exactly the game of the first `steps` commands
        reference = Session(GAME, 11)
        for request in requests[:steps]:
            reference.apply(request)
        assert log["state"] == reference.public_view().to_json()
        if steps == 25:
            assert log["state"] == acknowledged[-1]["state"]
        # and it plays on from there
        assert resumed.send(requests[steps])["ok"] if steps < len(requests) else True
    finally:
        resumed.close()


def test_first_reply_arrives_without_a_greeting_line(db_path):
    """Exactly one line out per line in: nothing printed before the first reply."""
    h = Headless(db_path)
    try:
        started = time.monotonic()
        assert h.send({"cmd": "state"})["ok"] is True
        assert time.monotonic() - started < 60  # only that it answered at all
    finally:
        h.close()
