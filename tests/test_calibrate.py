"""grade and calibrate: the command line, the solving-record reader and the fit."""

from __future__ import annotations

import json

import pytest

from conundrum.cli import main
from conundrum.generate import GenerateRequest, generate
from conundrum.generate.calibrate import fit, read_records
from conundrum.generate.difficulty import grade
from conundrum.generate.effort import FEATURES, check_weights, default_weights, measure
from conundrum.puzzle import dump_puzzle, save_puzzle

TRUE = {"readings": 0.4, "near": 2.0, "hidden": 3.0, "positions": 6.0, "jokers": 4.0,
        "reversed": 2.5, "pockets": 5.0, "overlap": -3.0, "exposed_jokers": 1.5}
OVERHEAD = 20.0  # seconds any puzzle takes


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def puzzles():
    """A varied set: every level, and multi-tile puzzles whose answers may overlap."""
    made = [generate(GenerateRequest(difficulty=level, seed=seed))
            for level in (1, 2, 3, 4, 5) for seed in range(1, 7)]
    made += [generate(GenerateRequest(tiles=20, given=3, positions=(4,), seed=s,
                                      allow_similar=True)) for s in range(1, 7)]
    return made


def record(puzzle, seconds: float | None, revealed: bool = False) -> dict:
    import yaml

    mapping = yaml.safe_load(dump_puzzle(puzzle))
    ms = None if seconds is None else round(seconds * 1000)
    return {"puzzle_id": "0123456789", "puzzle": mapping, "solve_ms": ms, "active_ms": ms,
            "tries": 5, "wrong": 1, "found": 3, "total": 3, "revealed": revealed}


def record_file(path, records) -> str:
    path.write_text(json.dumps({"format": "conundrum-solve-record", "version": 1,
                                "records": records}))
    return str(path)


def synthetic(puzzles, weights: dict) -> list[dict]:
    return [record(pz, OVERHEAD + sum(weights[n] * v for n, v in measure(pz).features.items()))
            for pz in puzzles]


def test_the_fit_recovers_known_weights(tmp_path, puzzles):
    path = record_file(tmp_path / "r.json", synthetic(puzzles, TRUE))
    solves, skipped = read_records([path])
    assert (len(solves), skipped) == (len(puzzles), 0)
    features = [measure(pz).features for pz in puzzles]
    assert all(any(f[n] for f in features) for n in FEATURES)  # every feature is exercised
    result = fit(solves, default_weights())
    for name in FEATURES:
        assert result.raw[name] == pytest.approx(TRUE[name], abs=0.05), name
    assert result.intercept == pytest.approx(OVERHEAD, abs=0.5)
    assert result.after == pytest.approx(1.0, abs=1e-6)
    assert result.after > result.before
    # scaled to keep the recorded puzzles' mean score, proportional to the true weights
    ratio = result.weights["near"] / TRUE["near"]
    for name in FEATURES:
        assert result.weights[name] == pytest.approx(TRUE[name] * ratio, rel=0.05), name


def test_revealed_and_unfinished_solves_are_left_out(tmp_path, puzzles):
    records = synthetic(puzzles, TRUE)
    records.append(record(puzzles[0], 5.0, revealed=True))
    records.append(record(puzzles[1], None))
    solves, skipped = read_records([record_file(tmp_path / "r.json", records)])
    assert (len(solves), skipped) == (len(puzzles), 2)


def test_calibrate_apply_writes_weights_that_grade_and_generate_use(capsys, tmp_path, puzzles):
    path = record_file(tmp_path / "r.json", synthetic(puzzles, TRUE))
    out_w = tmp_path / "fitted.json"
    code, out, err = run(capsys, "calibrate", path, "--apply", "--weights-out", out_w)
    assert code == 0, err
    assert "correlation" in out and "before" in out and "after 1.000" in out
    fitted = check_weights(json.loads(out_w.read_text()), "fitted")
    puzzle = tmp_path / "p.yaml"
    save_puzzle(puzzles[0], puzzle)
    code, out, err = run(capsys, "grade", puzzle, "--json", "--weights", out_w)
    data = json.loads(out)
    assert data["score"] == measure(puzzles[0], fitted).score
    assert data["features"]["near"]["weight"] == fitted["near"]
    made = tmp_path / "g.yaml"
    assert run(capsys, "generate", "--tiles", 12, "--positions", 3, "--weights", out_w,
               "-o", made)[0] == 0
    assert "weights:" in made.read_text()


def test_calibrate_refuses_bad_records_in_one_line(capsys, tmp_path, puzzles):
    bad_format = tmp_path / "a.json"
    bad_format.write_text(json.dumps({"format": "other", "version": 1, "records": []}))
    bad_version = tmp_path / "b.json"
    bad_version.write_text(json.dumps({"format": "conundrum-solve-record", "version": 9,
                                       "records": []}))
    too_few = record_file(tmp_path / "c.json", synthetic(puzzles[:3], TRUE))
    for path, words in ((bad_format, "not a solving record"), (bad_version, "version 9"),
                        (too_few, "at least 10"), (tmp_path / "none.json", "none.json")):
        code, _out, err = run(capsys, "calibrate", path)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err


def test_grade_json_has_the_spec_shape(capsys, tmp_path, puzzles):
    puzzle = tmp_path / "p.yaml"
    save_puzzle(puzzles[-1], puzzle)
    code, out, _err = run(capsys, "grade", puzzle, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"grade", "score", "features"}
    assert data["grade"] == grade(puzzles[-1]) and data["score"] == measure(puzzles[-1]).score
    assert list(data["features"]) == list(FEATURES)
    for item in data["features"].values():
        assert set(item) == {"value", "weight", "contribution"}
        assert item["contribution"] == pytest.approx(item["value"] * item["weight"], abs=0.01)
    assert sum(i["contribution"] for i in data["features"].values()) == \
        pytest.approx(data["score"], abs=0.05)


def test_grade_prints_a_table_with_every_feature(capsys, tmp_path, puzzles):
    puzzle = tmp_path / "p.yaml"
    save_puzzle(puzzles[0], puzzle)
    code, out, _err = run(capsys, "grade", puzzle)
    assert code == 0
    assert f"grade {grade(puzzles[0])}" in out
    for name in FEATURES:
        assert name in out
    code, _out, err = run(capsys, "grade", tmp_path / "missing.yaml")
    assert code == 2 and "missing.yaml" in err


def test_calibrate_warns_when_the_records_hold_too_few_puzzles(capsys, tmp_path, puzzles):
    one = puzzles[0]
    path = record_file(tmp_path / "same.json", [record(one, 60.0 + k) for k in range(12)])
    code, _out, err = run(capsys, "calibrate", path)
    assert code == 0
    assert "12 solves of only 1 different puzzle" in err
    many = record_file(tmp_path / "many.json", synthetic(puzzles, TRUE))
    _code, _out, err = run(capsys, "calibrate", many)
    assert "different puzzle" not in err
