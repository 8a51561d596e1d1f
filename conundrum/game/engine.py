"""The game engine: set-up, turns, draws, the end of the game, scores.

The rules it follows (docs/rules.md, and the choices made where the rulebook is
vague):

* Set-up: one chameleon of the set, picked by the seeded random source, is
  laid face up at [0, 0] (random reading and direction); the other 79 tiles
  are shuffled into the bag and dealt 8 to each player, one at a time.
* A turn: a player who can lay a tile lays one (their bot chooses which and
  where). A player who cannot draws from the bag: under `one` a single
  tile, under `up-to:N` up to N, under `until-playable` without limit,
  stopping as soon as the tile just drawn can be laid, and then lays it.
  Tiles drawn and not laid are kept. With the bag empty, a player who
  cannot lay passes.
* Chameleon-last rule (on by default): a player whose only tile is a
  chameleon may not lay it, so they draw; with the bag empty they pass.
  Such a player can never go out, so with the bag empty the game ends
  blocked (or by another player going out) and they count one tile held.
* End: the round in which a player lays their last tile is finished (the
  players after them in seat order still take their turn) and everyone out
  by then wins together. If every player passes in a row (bag empty, no
  tile fits), the game is blocked: the players holding the fewest tiles
  win. Under expert scoring the highest totals win however the game ends.
* Solo (1 player): the player aims to lay the whole set. An empty hand with
  tiles still in the bag is not "out": the player draws on. The game ends
  when hand and bag are both empty (the player is out) or when blocked;
  the record counts the draws, the fewer the better.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..board import Board
from ..errors import ConundrumError
from ..placement import Placement
from ..rules import ruleset
from ..scoring import expert_score
from ..tiles import JOKER, canonical, normalise_code
from .bots import Bot, make_bot
from .moves import Move, legal_moves
from .options import GameOptions
from .record import Action, GameRecord
from .view import PlayerView


class InvariantError(AssertionError):
    """The engine broke one of its own invariants (a bug, never a user fault)."""


class Game:
    """One game, played turn by turn (`play_turn`) or to the end (`play`).

    With `check=True` the engine verifies after every action that the tiles
    are conserved (bag + hands + board = the whole set, each tile once) and
    before every play that the placement is legal.
    """

    def __init__(self, options: GameOptions | None = None, seed: int = 1, *,
                 check: bool = False) -> None:
        self._configure(options, seed, check)
        rng = random.Random(seed)
        start = self._start(rng)
        bag = sorted(t for t in self.rules.tiles if t != start.tile)
        rng.shuffle(bag)
        hands: list[list[str]] = [[] for _ in range(self.players)]
        for _ in range(self.options.hand_size):
            for hand in hands:
                hand.append(bag.pop())
        self._begin([start], hands, bag, rng)

    @classmethod
    def from_position(cls, options: GameOptions | None, board: Iterable[Placement],
                      hands: Sequence[Sequence[str]], bag: Sequence[str] = (), *,
                      seed: int = 1, check: bool = False) -> Game:
        """A game from a given position: a legal board (start first), each hand, the bag.

        `bag` lists tiles in the order they will be drawn. Tiles of the set
        found nowhere are set aside, out of play (so a test can stage an empty
        bag); the conservation check counts them. Player 0 moves first.
        ConundrumError for the wrong number of hands, an illegal board or a tile dealt twice.
        """
        game = cls.__new__(cls)
        game._configure(options, seed, check)
        placements = list(board)
        if len(hands) != game.players:
            raise ConundrumError(f"{len(hands)} hands given for {game.players} players")
        faults = game.rules.board_faults(Board(placements))
        if faults:
            raise ConundrumError(f"the starting board is not a legal position: {faults[0]}")
        held = [[game._tile(code) for code in hand] for hand in hands]
        drawn = [game._tile(code) for code in bag]
        seen = Counter(p.tile for p in placements)
        for code in [c for hand in held for c in hand] + drawn:
            seen[code] += 1
        twice = sorted(code for code, n in seen.items() if n > 1)
        if twice:
            raise ConundrumError(f"tile {twice[0]} is dealt more than once")
        game._begin(placements, held, drawn[::-1], random.Random(seed))
        return game

    def _tile(self, code: str) -> str:
        tile = canonical(normalise_code(code))
        if not self.rules.in_set(tile):
            raise ConundrumError(f"tile {tile} is not in the tile set")
        return tile

    def _configure(self, options: GameOptions | None, seed: int, check: bool) -> None:
        self.options = (options or GameOptions()).validated()
        self.seed = seed
        self.check = check
        self.rules = ruleset(self.options.rules, self.options.chameleons)

    def _begin(self, placements: list[Placement], hands: list[list[str]], bag: list[str],
               rng: random.Random) -> None:
        """Shared set-up; `bag` is drawn from its end."""
        n = self.players
        self.board = Board(placements)
        self.bag = bag
        self.hands = hands
        on_table = Counter(bag) + Counter(c for h in hands for c in h) + self.board.tile_codes()
        self.aside = sorted((Counter(self.rules.tiles) - on_table).elements())
        # each bot draws from its own stream, so one seat's choices never shift another's
        self.bots: list[Bot] = [make_bot(name, random.Random(rng.getrandbits(64)))
                                for name in self.options.seat_bots()]
        self.points = [0] * n
        self.draws = [0] * n
        start = placements[0]
        self.moves: list[Action] = [Action(None, "start", start, tile=start.tile)]
        self.moves += [Action(None, "setup", p, tile=p.tile) for p in placements[1:]]
        self.turn = 0
        self.round = 1
        self.current = 0
        self.passes = 0  # consecutive passes: n of them means nobody can move
        self.out: list[int] = []
        self.first_out: tuple[int, int] | None = None  # (player, round)
        self.end: str | None = None
        self._verify()

    def _start(self, rng: random.Random) -> Placement:
        tile = rng.choice(sorted(self.rules.chameleons))
        reading = tile if rng.random() < 0.5 else tile[::-1]
        return Placement(reading, (0, 0), rng.choice(("h", "v")))

    # ---- reading --------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of players."""
        return self.options.players

    @property
    def over(self) -> bool:
        """True once the game has ended (someone went out, or nobody can move)."""
        return self.end is not None

    def moves_for(self, player: int, codes: list[str] | None = None) -> list[Move]:
        """Legal moves of `codes` (default: the whole hand), under the chameleon-last rule."""
        hand = self.hands[player]
        if self.options.chameleon_last and len(hand) == 1 and hand[0][1] == JOKER:
            return []
        return legal_moves(self.board, self.rules, hand if codes is None else codes)

    def view(self, player: int) -> PlayerView:
        """What `player` may see now."""
        return PlayerView(player=player, hand=tuple(self.hands[player]), board=self.board,
                          rules=self.rules, bag_size=len(self.bag), hands=self.hands,
                          scores=tuple(self.points), scoring=self.options.scoring,
                          open_hands=self.options.open_hands)

    def census(self) -> Counter[str]:
        """Every tile in the bag, the hands, on the board and set aside, with multiplicity.

        In a dealt game nothing is set aside: bag + hands + board is the set.
        """
        held = Counter(self.bag) + Counter(self.aside)
        for hand in self.hands:
            held.update(hand)
        held.update(self.board.tile_codes())
        return held

    # ---- playing --------------------------------------------------------
    def play(self) -> GameRecord:
        """Play turns until the game is over; returns its record."""
        while not self.over:
            self.play_turn()
        return self.record()

    def play_turn(self) -> list[Action]:
        """The current player's turn; returns the actions it produced.
        RuntimeError when the game is over."""
        if self.over:
            raise RuntimeError("the game is over")
        player = self.current
        self.turn += 1
        first = len(self.moves)
        moves = self.moves_for(player)
        if moves:
            self._lay(player, self._choose(player, moves))
        elif self.bag:
            self._draw_phase(player)
        else:
            self._act(Action(player, "pass"))
        done = self.moves[first:]
        self.passes = self.passes + 1 if done[-1].action == "pass" else 0
        self._after_turn(player)
        return done

    def _choose(self, player: int, moves: list[Move]) -> Move:
        move = self.bots[player].choose(self.view(player), moves)
        if move not in moves:
            raise InvariantError(f"bot {self.bots[player].name} chose {move}, not a legal move")
        return move

    def _draw_phase(self, player: int) -> None:
        limit = self.options.draw_limit
        drawn = 0
        while self.bag and (limit is None or drawn < limit):
            tile = self.bag.pop()
            self.hands[player].append(tile)
            self.draws[player] += 1
            drawn += 1
            self._act(Action(player, "draw", tile=tile))
            # only the tile just drawn may be laid (the rulebook: "lay it if possible")
            moves = self.moves_for(player, [tile])
            if moves:
                self._lay(player, self._choose(player, moves))
                return

    def _lay(self, player: int, move: Move) -> None:
        p = move.placement
        if self.check:
            why = self.rules.explain(self.board, p)
            if why is not None or p.tile not in self.hands[player]:
                raise InvariantError(f"illegal play {p} by player {player}: {why or 'not held'}")
        points = expert_score(self.board, p)
        self.board.add(p)
        self.hands[player].remove(p.tile)
        self.points[player] += points
        self._act(Action(player, "play", p, tile=p.tile, contacts=move.contacts, points=points))
        # solo: an empty hand is only "out" once the bag is empty too
        if not self.hands[player] and (self.players > 1 or not self.bag):
            self.out.append(player)
            if self.first_out is None:
                self.first_out = (player, self.round)

    def _act(self, action: Action) -> None:
        self.moves.append(replace(action, turn=self.turn, round=self.round))
        self._verify()

    def _after_turn(self, player: int) -> None:
        last_seat = player == self.players - 1
        if self.first_out is not None and last_seat:
            self.end = "out"
        elif self.passes >= self.players:
            self.end = "blocked"
        else:
            self.current = (player + 1) % self.players
            if self.current == 0:
                self.round += 1

    def _verify(self) -> None:
        if not self.check:
            return
        held = self.census()
        if held != Counter(self.rules.tiles):
            extra = sorted((held - Counter(self.rules.tiles)).elements())
            lost = sorted((Counter(self.rules.tiles) - held).elements())
            raise InvariantError(f"tiles not conserved: extra {extra}, lost {lost}")

    # ---- the result -----------------------------------------------------
    def result(self) -> tuple[list[int], list[int], str]:
        """(winners, scores, reason) of the finished game.
        RuntimeError while the game is not over."""
        if not self.over:
            raise RuntimeError("the game is not over")
        held = [len(h) for h in self.hands]
        if self.end == "out":
            player, rnd = self.first_out or (0, 0)
            why = (f"player {player} laid their last tile in round {rnd}; the round was "
                   f"finished; out: {', '.join(map(str, sorted(self.out)))}")
            if self.players == 1:
                why = (f"solo: every tile was laid, in {self.turn} turns with "
                       f"{self.draws[0]} draws")
            winners = sorted(self.out)
        else:
            fewest = min(held)
            why = (f"blocked: the bag is empty and no one can lay a tile; "
                   f"fewest tiles held: {fewest}")
            winners = [i for i, k in enumerate(held) if k == fewest]
        if self.options.scoring == "expert":
            top = max(self.points)
            winners = [i for i, s in enumerate(self.points) if s == top]
            return winners, list(self.points), f"{why}; highest expert total: {top}"
        return winners, held, why

    def record(self) -> GameRecord:
        """The game so far as a record: moves, board, hands, winners, scores and why it ended."""
        winners, scores, reason = self.result()
        return GameRecord(
            seed=self.seed, options=self.options.as_dict(), moves=list(self.moves),
            board=self.board.placements, winners=winners, scores=scores,
            end=self.end or "", reason=reason, hands=[sorted(h) for h in self.hands],
            bag=len(self.bag), rounds=self.round, turns=self.turn,
            draws=list(self.draws), points=list(self.points))


def play_game(options: GameOptions | None = None, seed: int = 1, *,
              check: bool = False) -> GameRecord:
    """Play one whole game and return its record."""
    return Game(options, seed, check=check).play()
