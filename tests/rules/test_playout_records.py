"""The shipped models' games, pinned: a digest of 400 seeded records for each kit with play-outs,
player count of its range and agent, so that a change made for speed (or any other reason that is
not meant to change a game) cannot change one game unseen.

The digests were taken from main before the play-out speed work (issue 23, item 3). A change that is
meant to change games (a rule fixed, a new decision) updates them, and says so in its commit:
`python tests/rules/test_playout_records.py` prints the current ones.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = 400

# kit -> agent -> players -> sha256 of the records (see `digest`)
EXPECTED: dict[str, dict[str, dict[int, str]]] = {
    "similis": {
        "random": {
            3: "33085873f4e9f505936f4b9cd3a6d3cc7cbd83072079fffc87de158ea5c01f2f",
            4: "9597faa5329cf9a425ed0bb8eaa0459eea4089f016c5f1cb5e32da88cd672e20",
            5: "17136edf328cb34d7aa2d30c79236310dddc6c54ba38e3aefd3339da4cfa559a",
            6: "4ec16ed1d4bddaf6a46835b1b2cd711325614742aaa3dc8a6113c34f4fd8758c",
        },
        "greedy": {
            3: "f0e07641a87ce049350529684cbf80876e8eeb0e98b274a9fa40fb0db4553ca0",
            4: "bdd2faeed77908e767251a61e33f903843628374389fb79e44811b0d4e55e2bd",
            5: "769b72dbe7fb5eca02a9bd8ef0d90afeeb210d83fb7a49a7320609b3d67fd3dd",
            6: "0b3857587c4aa9ae7cdd6746e2fb38753728d63989de2381880673ca220d50a4",
        },
    },
    "similis-reglisse": {
        "random": {
            3: "b6261247f8c74d5294b97be229519856aa94e20595d38c2da33c9b8e3dc2913f",
            4: "2e8c9f0e9c5b1207cc61f288bf711149792f2a9489d340e4920890e70800be52",
            5: "e1984041399a3058678519ed959589a3269c72b6d577ac30feca446ccc093f46",
            6: "f79160c5969b5644d6d231b2de39377d1cb0dcbda29aa3050ed03d712bab6c50",
        },
        "greedy": {
            3: "4c21f9216ea5cdd870bbc090822f7c8bd59533e4cdac4e1c42cffba5488317df",
            4: "3f9e91e611c7be09a2254156089ef929401f0af9d7fe727d27fda6682364fcc7",
            5: "c99ad8ca0ea49316f3cba06d1f638b20671e2eeafb86c874f7d877031884f648",
            6: "2ddaf66b8960666f55d379c298b0bd6ac169962c34e1cee688089594e87690e4",
        },
    },
    "dix-mille": {
        "random": {
            2: "56f03e294688f97198f05ec549acf106dfe6c907b0c6b5ae007223b9a5c30f47",
            3: "063855d23d7c5bf8b19f1777b021123d9cf1a3b5c3552c5ecf057bfc5dd38c50",
            4: "c0692ebe48758e85d7b256c3a9ca7a5bc52bfe66736d20112f13ee62e0a190a8",
            5: "02efc6239f932f171d5cd2acba3c8b1d269bf68240c60e7c9812088e0b8103da",
            6: "badcd1546bbaf8526487aec4935fc54296d03235442ad3e92a7e81e50a03c400",
            7: "1929a917cdc810f622185d7936fdb95edb3145d6dd428471a471df83c25eafad",
        },
        "greedy": {
            2: "0e03bc90410a57cf73691c00d0cd996a1be2a8c84c394f317e5fda35c91abc3b",
            3: "70c145bf79aa98819e73c6209f491208b0dfb1d3f44bada27a606c211c1806b1",
            4: "3d55d23109552281f700f05cc33cd32b029b9e2a22e34c0795febc310783929f",
            5: "77a154e1c89973f8b6958607446a0010ce53876006071cda0606b9c18f22766d",
            6: "8ed27270479396b06d0500c1ccdc46f4626605f4828e6aee7243c0d1f21ed055",
            7: "83378900ec31075b99eb65211513580b73938921961ae732937b5e757b6aa002",
        },
    },
    "clochemerle": {
        "random": {
            3: "b2667cd6c9e30ed25ab81d1f9cdd913a48e2d780cf62492240a9676f901497ce",
            4: "b09e08da519a9cc61928a352e3342b9fa81d729e8794d30394682e4fef80e8f1",
            5: "273f0461cba9ccfcad995987362289ad9b93286704dc04e98df42aa6bbbd9a5c",
            6: "f0fa98e572cd5f15c7d73298cd220726a1f0ca98d26a574faa427c59c24af4af",
        },
        "greedy": {
            3: "cd60b23e375b33984ab1e7af1adf395e7fb78a7f0186a0cc0bfd31291c888bde",
            4: "5a7faa94c0d780ec67b98d2a183f812fb36107ec67c6bcf7ed82fcade7fa191b",
            5: "e98d150ff38a54f6062a0e31f414efcfd87ad78416119d47d383525e3a4c64e4",
            6: "fe2aa560946ad577fb3f06f67f8582f38ea396c7eea104f1fe7ed745f2ae0cdc",
        },
    },
    "lutins": {
        "random": {
            2: "66b516c14a60e0d4a8109cb0f36e5527d9efe37c42894c359312c68733d87922",
            3: "474cf886592c8cface5f6a20e1906e4d208b49434209f51a0c9ec0c026bad8c3",
            4: "f09eee1af9def290045bccb254f860fe22d0b5d2c9f0bd369ccd1f905ad88c38",
        },
        "greedy": {
            2: "7b592910ea5f24af03cedaca3422935fbad120bc249cb077220b1d471489e1ed",
            3: "96ea8fe191bfda331c6291b0648cd1ae94c2368061adc4e86ad2546dc99791fd",
            4: "c1e034354ae14439005d55501b5ef04a4ffb2e802aedbceda95fbde2c666705b",
        },
    },
}


def digest(records: list) -> str:
    """The SHA-256 of the records as JSON lines, situations and lengths by name."""
    lines = (json.dumps([list(r.winners), r.turns, sorted(r.situations.items()), sorted(r.lengths.items()),
                         r.ending, r.ended], ensure_ascii=True) for r in records)
    return hashlib.sha256("\n".join(lines).encode("ascii")).hexdigest()


def kit_digests(kit: str, agent: str) -> dict[int, str]:
    """The digest of each player count of the kit's range, `GAMES` games of seed 0 with `agent`."""
    from pnp.lab import KitPlayout
    from pnp.model.load import Project
    from pnp.rules.harness import play_range

    loaded, _ = Project.open(ROOT).load_kit(ROOT / "decks" / kit)
    assert loaded is not None
    playout = KitPlayout(str(ROOT), str(ROOT / "decks" / kit)).load()
    counts = range(loaded.game.players.min, loaded.game.players.max + 1)
    return {players: digest(play_range(playout, players, agent, 0, 0, GAMES)) for players in counts}


CASES = [(kit, agent) for kit in ("similis", "similis-reglisse", "dix-mille", "clochemerle", "lutins")
         for agent in ("random", "greedy")]


@pytest.mark.parametrize("kit, agent", CASES, ids=[f"{k}-{a}" for k, a in CASES])
def test_the_games_are_the_pinned_ones(kit: str, agent: str) -> None:
    assert kit_digests(kit, agent) == EXPECTED[kit][agent]


if __name__ == "__main__":  # the current digests, to paste into EXPECTED when games are meant to change
    sys.path.insert(0, str(ROOT))
    found: dict[str, dict[str, dict[int, str]]] = {}
    for kit, agent in CASES:
        found.setdefault(kit, {})[agent] = kit_digests(kit, agent)
    print(json.dumps(found, indent=4))
