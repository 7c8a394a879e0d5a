"""The parse cache's entries read back as the data put (sources/parsecache.py): mappings whose keys
are not all text come back as mappings, at any depth; a planted entry of another shape is a miss."""
from __future__ import annotations

import hashlib
import json

from pnp.sources.parsecache import PAIRS, ParseCache


def _cache(tmp_path):
    return ParseCache(tmp_path / "yaml")


def test_data_with_whole_number_keys_comes_back_the_same(tmp_path):
    cache = _cache(tmp_path)
    data = {"faces": {1: "one", 2: {"pips": [1, 2], 3: [{4: "four"}]}}, "list": [{5: None}, {"a": 1}],
            "text": {"1": "a key that is text"}, PAIRS: "a key named like the marker"}
    cache.put("k", data)
    back = cache.get("k")
    assert back == data
    assert list(back["faces"]) == [1, 2] and type(next(iter(back["faces"]))) is int
    assert list(back["faces"][2]) == ["pips", 3] and back["faces"][2][3][0] == {4: "four"}
    assert list(back["text"]) == ["1"]


def test_data_without_such_keys_comes_back_the_same(tmp_path):
    cache = _cache(tmp_path)
    data = {"a": [1, 2.5, None, True, {"b": "c"}], "d": {}}
    cache.put("plain", data)
    assert cache.get("plain") == data


def _plant(cache: ParseCache, key: str, body: object) -> None:
    raw = json.dumps(body).encode()
    head = {"format": 1, "key": key, "sha256": hashlib.sha256(raw).hexdigest()}
    cache.folder.mkdir(parents=True, exist_ok=True)
    (cache.folder / f"{key}.json").write_bytes(json.dumps(head).encode() + b"\n" + raw)


def test_a_planted_entry_whose_pairs_are_of_another_shape_is_a_miss(tmp_path):
    cache = _cache(tmp_path)
    _plant(cache, "float", {"x": {PAIRS: [[1.5, "a float key"]]}})
    _plant(cache, "list", {"x": {PAIRS: [[[1], "a list key"]]}})
    _plant(cache, "short", {"x": {PAIRS: [[1]]}})
    _plant(cache, "good", {"x": {PAIRS: [[1, {PAIRS: [[2, "b"]]}]]}})
    assert [cache.get(k) for k in ("float", "list", "short")] == [None, None, None]
    assert cache.get("good") == {"x": {1: {2: "b"}}}
