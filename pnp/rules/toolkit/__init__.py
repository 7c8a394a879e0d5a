"""Game-agnostic helpers a rules model may import, beside the interface of `pnp.rules`.

Contract: each module is a mechanic many games share, named for the mechanic, never for a game;
a model takes what fits and keeps its own rules (and every printed word) in its kit:
- `products`: a deck that is the product of attribute domains (every combination exactly once),
  read from a kit and checked, each missing, duplicated and stray card named at its line;
- `series`: sets of k cards sharing at least s attributes (`Series`), found in a hand
  (`shared_groups`, `has_series`) and required of a deck (`series_problems`);
- `shedding`: a hand / market / draw-pile game where players lay series and give cards away: the
  parameters such a game shares (`SheddingParams`), the most players it deals to (`deal_seats`),
  its checks (`product_problems`);
- `shedplay` (with `shedtable`, its numbers): that game's play-outs, with hooks for a game's own
  rules (`Shedding`, `Kind`), as a `Playout` (`playout`).
Layer: rules (part of pnp.rules: what a kit's model imports besides the interface).
"""
