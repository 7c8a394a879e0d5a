"""Anchors, aliases and `<<` merges: an anchored value is built once, its problems reported once."""
from __future__ import annotations

import time

from pnp.sources import parse_yaml
from pnp.core import cacheentry
from pnp.sources.parsecache import ParseCache
from pnp.sources.yamlsrc import load_yaml


def _rendered(problems) -> list[str]:
    return [p.render() for p in problems]


def test_a_problem_inside_an_anchor_is_reported_once_however_often_it_is_used():
    text = "base: &b {rare: yes, n: 1}\none: *b\ntwo: *b\nthree: {<<: *b, n: 2}\nfour: {<<: [*b]}\n"
    data, _, problems = parse_yaml(text, "x.yaml")
    assert _rendered(problems) == ["x.yaml:1:17: YAML: 'yes' is ambiguous: write true or false, or quote it"]
    assert data["three"] == {"rare": "yes", "n": 2} and data["four"] == {"rare": "yes", "n": 1}


def test_an_anchored_scalar_reports_its_problem_once():
    _, _, problems = parse_yaml("a: &a no\nb: *a\nc: [*a, *a]\n", "x.yaml")
    assert _rendered(problems) == ["x.yaml:1:4: YAML: 'no' is ambiguous: write true or false, or quote it"]


def test_nested_aliases_cost_no_more_than_the_text():
    lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 6)]  # 9**6 strings, shared
    start = time.perf_counter()
    data, _, problems = parse_yaml("\n".join(lines) + "\n", "laughs.yaml")
    assert time.perf_counter() - start < 0.2
    assert problems == [] and data["l5"][0] is data["l4"]


def test_an_alias_inside_its_own_anchor_is_a_problem_not_a_crash():
    for text, col in (("a: &a [1, *a]\n", 4), ("a: &a {x: 1, <<: *a}\nb: 2\n", 4)):
        data, locator, problems = parse_yaml(text, "x.yaml")
        assert _rendered(problems) == [f"x.yaml:1:{col}: YAML: this anchored value holds an alias to itself; "
                                       "YAML data cannot contain itself"]
        assert str(locator.loc(("a", "nope"))) == "x.yaml:1:4"  # the locator does not loop either


def test_a_locator_of_cached_data_composes_its_text_on_demand(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("base: &b {n: 1}\nuse:\n  <<: *b\n  m: 2\n", encoding="utf-8")
    cache = ParseCache(tmp_path / "cache")
    load_yaml(path, "c.yaml", cache)
    data, locator, _ = load_yaml(path, "c.yaml", cache)
    assert locator.root is None and locator.text is not None
    assert data == {"base": {"n": 1}, "use": {"n": 1, "m": 2}}
    assert str(locator.loc(("use", "n"))) == "c.yaml:1:14" and str(locator.loc(("use", "m"))) == "c.yaml:4:6"


def test_a_cache_miss_hashes_the_text_once(tmp_path, monkeypatch):
    path = tmp_path / "c.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    calls = []
    key = ParseCache.key
    monkeypatch.setattr(ParseCache, "key", staticmethod(lambda text: calls.append(text) or key(text)))
    cache = ParseCache(tmp_path / "cache")
    assert load_yaml(path, "c.yaml", cache)[0] == {"a": 1}
    assert len(calls) == 1 and cache.get(key("a: 1\n")) == {"a": 1}


def test_the_cache_folder_is_trimmed_once_per_process(tmp_path, monkeypatch):
    trims = []
    monkeypatch.setattr(cacheentry, "trim_now", lambda folder, suffix, keep: trims.append(folder))
    for folder in ("one", "one", "two", "one"):
        ParseCache(tmp_path / folder).put(ParseCache.key(folder + str(len(trims))), [1])
    assert trims == [tmp_path / "one", tmp_path / "two"]

