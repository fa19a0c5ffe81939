"""A skill rating: Mark Glickman's Glicko-2 system, one rating period per event.

The steps and their numbers are those of Glickman's "Example of the Glicko-2 system"
(2013), which ``tests/scoring/test_rankings.py`` reproduces. A rating is kept on the
familiar Glicko scale (1500, deviation 350 for a new player) and converted to the
system's own scale for each period. What the policies do not say (which games are rated,
when a rating is provisional) is docs/rules.md, readings 106-107.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

# Glicko-2's scale: its ratings are the Glicko scale's, less 1500, divided by this.
GLICKO2_SCALE = 173.7178
CONVERGENCE = 0.000001


@dataclass(frozen=True)
class RatingRules:
    """The numbers a skill rating is computed with, posted with it."""

    initial_rating: float = 1500.0
    initial_deviation: float = 350.0
    initial_volatility: float = 0.06
    # The system constant: how much a player's volatility may change in one period (Glickman: 0.3 to 1.2).
    tau: float = 0.5
    # A rating whose deviation is above this is shown as provisional: too few games to say much yet.
    provisional_deviation: float = 110.0


@dataclass(frozen=True)
class Rating:
    """A player's rating on the Glicko scale, how uncertain it is (its deviation), and its volatility."""

    rating: float
    deviation: float
    volatility: float

    @classmethod
    def new(cls, rules: RatingRules = RatingRules()) -> Rating:
        """The rating of a player who has played no rated game yet."""
        return cls(rules.initial_rating, rules.initial_deviation, rules.initial_volatility)

    def is_provisional(self, rules: RatingRules = RatingRules()) -> bool:
        """Whether the rating is still too uncertain to be read as a player's strength."""
        return self.deviation > rules.provisional_deviation


@dataclass(frozen=True)
class RatedGame:
    """One rated game of an event: its two players (ids) and the first player's score (1 a win, ½ a tie, 0 a loss)."""

    first: str
    second: str
    score: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm Glickman gives."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > phi * phi + v:
        high = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > CONVERGENCE:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


def rate_period(player: Rating, games: Sequence[tuple[Rating, float]], rules: RatingRules = RatingRules()) -> Rating:
    """``player``'s rating after one rating period of ``games``: each the opponent's rating before it and the score.

    A player with no game in the period keeps their rating, and its deviation grows with
    their volatility (Glickman, step 6 alone), as nothing was learned of them.
    """
    mu = (player.rating - rules.initial_rating) / GLICKO2_SCALE
    phi = player.deviation / GLICKO2_SCALE
    sigma = player.volatility
    if not games:
        grown = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, grown * GLICKO2_SCALE, sigma)
    opponents = [
        ((other.rating - rules.initial_rating) / GLICKO2_SCALE, other.deviation / GLICKO2_SCALE, score)
        for other, score in games
    ]
    # Steps 3 and 4: the variance of the rating from the games alone, and the improvement they show.
    expected = [(_g(phi_j), _expected(mu, mu_j, phi_j), score) for mu_j, phi_j, score in opponents]
    v = 1 / sum(g * g * e * (1 - e) for g, e, _score in expected)
    improvement = sum(g * (score - e) for g, e, score in expected)
    sigma_new = _new_volatility(sigma, phi, v, v * improvement, rules.tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(mu_new * GLICKO2_SCALE + rules.initial_rating, phi_new * GLICKO2_SCALE, sigma_new)


def rate_event(
    ratings: Mapping[str, Rating], games: Iterable[RatedGame], rules: RatingRules = RatingRules()
) -> dict[str, Rating]:
    """Every player's rating after one event, its rated games one rating period (docs/rules.md, reading 106).

    ``ratings`` holds the players' ratings before the event; a player not in it starts as
    new. Each game is rated against the opponent's rating before the event, whatever the
    order of its rounds. Only the players of ``games`` are returned: someone at the event
    with no rated game (byes and forfeits only) keeps their rating as it was.
    """
    before: dict[str, Rating] = {}
    played: dict[str, list[tuple[str, float]]] = {}
    for game in games:
        for me, other, score in ((game.first, game.second, game.score), (game.second, game.first, 1 - game.score)):
            before.setdefault(me, ratings.get(me) or Rating.new(rules))
            played.setdefault(me, []).append((other, score))
    return {
        player: rate_period(before[player], [(before[other], score) for other, score in results], rules)
        for player, results in played.items()
    }
