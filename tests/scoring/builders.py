"""Small builders of council-archive/1 documents for the engine tests."""


def archive(players, rounds=(), policy="version-3-1998", game_type="two-deck", **event):
    """An archive dict; ``players`` are ids or dicts, ``rounds`` lists of (games, bye).

    A game is ``(a, b, result)``; tables are numbered in order.
    """
    player_list = [p if isinstance(p, dict) else {"id": p, "name": p.title()} for p in players]
    round_list = []
    for number, (games, bye) in enumerate(rounds, start=1):
        round_list.append({
            "number": number,
            "bye": bye,
            "games": [
                {"table": t, "players": [a, b], "result": result}
                for t, (a, b, result) in enumerate(games, start=1)
            ],
        })
    return {
        "format": "council-archive/1",
        "event": {"name": "Test Event", "policy": policy, "game_type": game_type, **event},
        "players": player_list,
        "rounds": round_list,
    }


def mp(a, b, weakest_link=None):
    result = {"kind": "council", "mp": [a, b]}
    if weakest_link is not None or a == b:
        result["weakest_link"] = weakest_link
    return result


WIN = {"kind": "council", "mp": [20, 5]}      # 6-0
LOSS = {"kind": "council", "mp": [5, 20]}     # 0-6
TIE = {"kind": "tie"}
