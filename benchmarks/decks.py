"""Deck checks: reading the card index once per process, and checking a list.

python benchmarks/decks.py            # prints the figures docs/performance.md quotes
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring import check_deck_list, read_deck_text, read_index

HERO_DECK = (Path(__file__).resolve().parents[1] / "docs" / "deck-example.txt").read_text(encoding="utf-8")


def main() -> None:
    loads = []
    for _ in range(5):
        start = time.perf_counter()
        index = read_index()
        loads.append(time.perf_counter() - start)
    text = f"Deck against hero\n{HERO_DECK}\nDeck against minion\n{HERO_DECK}"
    checks = []
    for _ in range(300):
        start = time.perf_counter()
        check_deck_list(
            read_deck_text(text),
            index,
            policy_key="policy-4-2001",
            game_type="two-deck",
            event_format="general-opponent",
        )
        checks.append(time.perf_counter() - start)
    print(f"card index: {len(index.cards)} cards, read in {statistics.median(loads) * 1000:.0f} ms (median of 5)")
    print(
        f"general-opponent list of two 34-card decks: checked in {statistics.median(checks) * 1000:.2f} ms median, "
        f"{max(checks) * 1000:.2f} ms worst of 300"
    )


if __name__ == "__main__":
    main()
