"""Small builders of council-archive/1 documents for the engine tests."""


def archive(players, rounds=(), policy="version-3-1998", game_type="two-deck", **event):
    """An archive dict; ``players`` are ids or dicts, ``rounds`` lists of (games, bye).

    A game is ``(a, b, result)``; tables are numbered in order.
    """
    player_list = [p if isinstance(p, dict) else {"id": p, "name": p.title()} for p in players]
    round_list = []
    for number, (games, bye) in enumerate(rounds, start=1):
        round_list.append(
            {
                "number": number,
                "bye": bye,
                "games": [
                    {"table": t, "players": [a, b], "result": result} for t, (a, b, result) in enumerate(games, start=1)
                ],
            }
        )
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


WIN = {"kind": "council", "mp": [20, 5]}  # 6-0
LOSS = {"kind": "council", "mp": [5, 20]}  # 0-6
TIE = {"kind": "tie"}  # both avatars eliminated at once (Policy #1 and Version 3)
EQUAL_MP = {"kind": "council", "mp": [10, 10]}  # Policy Number 4's only tie


def add_stage(doc, stage):
    """Make ``doc`` a council-archive/2 document with ``stage`` (a stage header) appended; returns its number."""
    doc["format"] = "council-archive/2"
    doc.setdefault("stages", []).append(stage)
    return len(doc["stages"])


def add_round(doc, stage, games, bye=None):
    """Append a round of ``stage`` (0: Swiss) with ``games`` of (a, b, result), numbered after the others."""
    entry = {
        "number": len(doc["rounds"]) + 1,
        "bye": bye,
        "games": [{"table": t, "players": [a, b], "result": result} for t, (a, b, result) in enumerate(games, start=1)],
    }
    if stage:
        entry["stage"] = stage
    doc["rounds"].append(entry)
    return entry
