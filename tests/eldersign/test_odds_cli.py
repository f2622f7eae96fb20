"""`companion odds eldersign`: one query on the command line, or a table of queries in one process,
JSON out (docs/eldersign-odds.md)."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from companion.games.eldersign.odds.cli import answers, main


def run(args: list[str], capsys) -> tuple[int, list[dict]]:
    status = main(args)
    out = capsys.readouterr().out
    return status, [json.loads(line) for line in out.splitlines()]


def test_one_query_answers_the_probability_and_its_time(capsys):
    status, (reply,) = run(["--task", "PERIL,PERIL>LORE,LORE", "--dice", "6G+YR"], capsys)
    assert status == 0 and reply["ok"]
    assert reply["probability"] == pytest.approx(0.42755001, abs=1e-8)  # the public calculator's figure (facts §1.11)
    assert reply["percent"] == 42.76 and reply["seconds"] >= 0
    assert reply["task"] == "PERIL,PERIL>LORE,LORE" and reply["dice"] == "6G+YR"


def test_every_option_of_the_model_is_read(capsys):
    status, (reply,) = run(["--task", "INV:3|TERROR", "--dice", "2G+R", "--focus", "1", "--spells", "1", "--clues", "1",
                            "--assist", "1", "--terror", "discard", "--exact"], capsys)
    assert status == 0
    assert (reply["focus"], reply["spells"], reply["clues"], reply["assist"], reply["terror"]) == (1, 1, 1, 1, "discard")
    numerator, denominator = map(int, reply["fraction"].split("/"))
    assert reply["probability"] == pytest.approx(numerator / denominator, abs=1e-15)


def test_a_bad_query_is_an_error_in_json_not_a_traceback(capsys):
    status, (reply,) = run(["--task", "PERIL,MOON", "--dice", "6G"], capsys)
    assert status == 2 and not reply["ok"] and reply["error"]["code"] == "BAD_TASK" and "MOON" in reply["error"]["message"]


def test_a_batch_answers_line_by_line_and_goes_on_after_a_bad_line(tmp_path, capsys):
    queries = tmp_path / "queries.jsonl"
    queries.write_text("\n".join([
        json.dumps({"task": "PERIL", "dice": "1G"}),
        "not json",
        json.dumps({"task": "PERIL", "dice": "2G", "colour": "blue"}),
        "",
        json.dumps({"task": "LORE|PERIL", "dice": "3G", "focus": 1, "clues": 1, "terror": "fail"}),
    ]) + "\n", encoding="utf-8")
    status, replies = run(["--batch", str(queries)], capsys)
    assert status == 1  # one line or more was not answered
    assert [r["ok"] for r in replies] == [True, False, False, True]
    assert replies[0]["probability"] == pytest.approx(1 / 6)
    assert replies[1]["error"]["code"] == "BAD_JSON" and replies[2]["error"]["code"] == "BAD_ARGUMENTS"
    assert all("seconds" in r for r in replies if r["ok"])


def test_a_batch_reads_standard_input(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps({"task": "TERROR", "dice": "R"}) + "\n"))
    status, (reply,) = run(["--batch", "-"], capsys)
    assert status == 0 and reply["probability"] == pytest.approx(1 / 6)  # only the Wild


def test_answers_are_in_the_order_asked():
    lines = [json.dumps({"task": "PERIL", "dice": f"{n}G"}) for n in (3, 1, 2)]
    assert [r["dice"] for r in answers(lines)] == ["3G", "1G", "2G"]


def test_the_companion_command_runs_the_tool_as_a_process():
    result = subprocess.run([sys.executable, "-m", "entry", "odds", "eldersign", "--task", "PERIL>PERIL", "--dice", "5G", "--focus", "1"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    reply = json.loads(result.stdout)
    assert 0 < reply["probability"] < 1 and reply["dice"] == "5G"
