"""The collector's pause: nested and concurrent pauses share one, and the collector's state is given back."""

import gc
import threading

from scoring.collector import collection_paused


def test_a_pause_holds_the_collector_off_and_gives_it_back():
    assert gc.isenabled()
    with collection_paused():
        assert not gc.isenabled()
        with collection_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer pause is still on
    assert gc.isenabled()


def test_a_pause_that_began_with_the_collector_off_leaves_it_off():
    gc.disable()
    try:
        with collection_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_collector_comes_back_when_the_last_of_two_threads_ends_its_pause():
    first_in, second_done = threading.Event(), threading.Event()
    seen = {}

    def first():
        with collection_paused():
            first_in.set()
            second_done.wait(5)
            seen["while the first still pauses"] = gc.isenabled()

    def second():
        first_in.wait(5)
        with collection_paused():
            pass
        second_done.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert seen == {"while the first still pauses": False}
    assert gc.isenabled()


def test_an_error_inside_the_pause_still_gives_the_collector_back():
    try:
        with collection_paused():
            raise ValueError("inside")
    except ValueError:
        pass
    assert gc.isenabled()


def test_pauses_that_overlap_for_long_still_let_a_full_collection_run(monkeypatch):
    from scoring import collector

    collections = []
    monkeypatch.setattr(collector.gc, "collect", lambda: collections.append("full"))
    monkeypatch.setattr(collector, "LONGEST_PAUSE_SECONDS", 0.0)
    with collection_paused():
        with collection_paused():
            pass  # ends while the outer pause still holds the collector off
        assert collections == ["full"] and not gc.isenabled()
    assert gc.isenabled()
