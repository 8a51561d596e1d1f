"""Game options: every rule variant as a named value, checked once."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..errors import ConundrumError
from ..rules import ruleset
from ..tiles import chameleon_set
from .bots import BOTS

MIN_PLAYERS, MAX_PLAYERS = 1, 8
HAND_SIZE = 8
SCORINGS = ("standard", "expert")
DRAW_HELP = "one, until-playable or up-to:N"
BOT_NAMES = tuple(sorted(BOTS))


def parse_draw(text: str) -> int | None:
    """The most tiles a player may draw in one turn: 1, N, or None for no limit.
    ConundrumError for an unknown rule."""
    key = str(text).strip().lower()
    if key == "one":
        return 1
    if key == "until-playable":
        return None
    m = re.fullmatch(r"up-to:(\d{1,3})", key)
    if m and 1 <= int(m.group(1)) <= 80:
        return int(m.group(1))
    raise ConundrumError(f"draw rule {text!r} is unknown; choose {DRAW_HELP} (N from 1 to 80)")


@dataclass(frozen=True)
class GameOptions:
    """Everything that defines a game apart from its seed.

    `bots` name one strategy per seat; fewer names than players are cycled
    (`greedy, random` for 4 players seats greedy, random, greedy, random);
    none at all means greedy everywhere.
    """

    players: int = 2
    rules: str = "standard"
    scoring: str = "standard"
    draw: str = "one"
    open_hands: bool = False
    chameleon_last: bool = True  # the rulebook: a chameleon may not be a player's last tile
    bots: tuple[str, ...] = ()
    chameleons: tuple[str, ...] | None = None  # None: the default set
    hand_size: int = HAND_SIZE

    def validated(self) -> GameOptions:
        """The same options normalised, or a ConundrumError naming the bad one."""
        if isinstance(self.players, bool) or not isinstance(self.players, int) \
                or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConundrumError(
                f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players}")
        rules = ruleset(self.rules).name
        scoring = str(self.scoring).strip().lower()
        if scoring not in SCORINGS:
            raise ConundrumError(f"unknown scoring {self.scoring!r}; choose standard or expert")
        parse_draw(self.draw)
        bots = tuple(str(b).strip().lower() for b in self.bots)
        for b in bots:
            if b not in BOT_NAMES:
                raise ConundrumError(f"unknown bot {b!r}; choose {', '.join(BOT_NAMES)}")
        if len(bots) > self.players:
            raise ConundrumError(f"{len(bots)} bots named for {self.players} player(s); "
                                 "name at most one bot per player")
        chams = None if self.chameleons is None else chameleon_set(self.chameleons)
        if not 1 <= self.hand_size <= 8:
            raise ConundrumError(f"hand size must be 1 to 8, not {self.hand_size}")
        return replace(self, rules=rules, scoring=scoring, draw=str(self.draw).strip().lower(),
                       bots=bots, chameleons=chams)

    @property
    def draw_limit(self) -> int | None:
        """The most tiles a player draws in one turn, or None for no limit; ConundrumError for
        an unknown draw rule."""
        return parse_draw(self.draw)

    def seat_bots(self) -> tuple[str, ...]:
        """The bot at each seat: the named bots cycled over the seats."""
        names = self.bots or ("greedy",)
        return tuple(names[i % len(names)] for i in range(self.players))

    def as_dict(self) -> dict:
        """The options as the game record writes them (chameleons and hand size only when not
        the defaults)."""
        out = {"players": self.players, "rules": self.rules, "scoring": self.scoring,
               "draw": self.draw, "open_hands": self.open_hands,
               "chameleon_last": self.chameleon_last, "bots": list(self.seat_bots())}
        if self.chameleons is not None:
            out["chameleons"] = list(self.chameleons)
        if self.hand_size != HAND_SIZE:
            out["hand_size"] = self.hand_size
        return out
