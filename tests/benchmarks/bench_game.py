"""Games per second: 2 and 4 players, greedy and random bots, standard and junior rules.

The baseline is the same engine with a naive move generator, in the same run:
each turn it scans every cell of the bounding box grown by 3 for every tile in
hand and checks each placement from scratch with `rules.explain` (no contact
tables, no candidate runs). Both must play the very same games.
"""

from __future__ import annotations

import time

from conundrum.game import Game, GameOptions
from conundrum.game.moves import Move, move_order
from conundrum.placement import Placement
from conundrum.rules import contacts


class NaiveGame(Game):
    """The engine with legal moves found by brute force."""

    def moves_for(self, player: int, codes: list[str] | None = None) -> list[Move]:
        hand = self.hands[player]
        if self.options.chameleon_last and len(hand) == 1 and hand[0][1] == "*":
            return []
        x0, y0, x1, y1 = self.board.bbox()
        out = []
        for code in sorted(set(hand if codes is None else codes)):
            for reading in sorted({code, code[::-1]}):
                for x in range(x0 - 3, x1 + 2):
                    for y in range(y0 - 3, y1 + 2):
                        for d in ("h", "v"):
                            p = Placement(reading, (x, y), d)
                            if self.rules.explain(self.board, p) is None:
                                out.append(Move(p, len(contacts(self.board, p))))
        out.sort(key=move_order)
        return out


def games_per_second(cls: type[Game], options: GameOptions, games: int) -> tuple[float, list]:
    t0 = time.perf_counter()
    records = [cls(options, seed).play() for seed in range(games)]
    return games / (time.perf_counter() - t0), records


def main() -> None:
    print(f"{'rules':<9}{'players':>8} {'bot':<8}{'games/s':>9}{'ms/game':>9}"
          f"{'tiles':>7}{'naive g/s':>11}{'speed-up':>10}")
    for rules in ("standard", "junior"):
        for players in (2, 4):
            for bot in ("greedy", "random"):
                opts = GameOptions(players=players, rules=rules, bots=(bot,))
                rate, records = games_per_second(Game, opts, 40)
                tiles = sum(len(r.board) for r in records) / len(records)
                line = (f"{rules:<9}{players:>8} {bot:<8}{rate:>9.1f}{1000 / rate:>9.1f}"
                        f"{tiles:>7.1f}")
                if rules == "standard":
                    naive, slow = games_per_second(NaiveGame, opts, 3)
                    pairs = zip(records[:3], slow, strict=True)
                    same = all(a.to_json() == b.to_json() for a, b in pairs)
                    line += f"{naive:>11.2f}{rate / naive:>9.0f}x" + ("" if same else "  DIFFER")
                print(line, flush=True)
    for players in (1,):
        opts = GameOptions(players=players)
        rate, records = games_per_second(Game, opts, 10)
        tiles = sum(len(r.board) for r in records) / len(records)
        print(f"{'standard':<9}{players:>8} {'greedy':<8}{rate:>9.1f}{1000 / rate:>9.1f}"
              f"{tiles:>7.1f}   (solo: the whole set)")


if __name__ == "__main__":
    main()
