"""A venue laptop publishing to a hosted site, two real servers apart, through a cable the test can cut (issue 32).

The hosted site runs on a private PostgreSQL, the venue on SQLite, each the production
server of docs/deployment.md (gunicorn, DEBUG off, its own job). Between them runs a
relay on loopback that the test cuts and mends, as a venue's Wi-Fi drops and comes back.
The coordinator issues a key on the hosted site, enters it on the venue's Publishing page,
pairs and enters results at the venue, and reads the desk's publishing status at each
step. Nothing here uses Django's test client or the test database.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack, suppress

import pytest

from tests.production_server import Browser, free_port, hidden_field, manage, production_environment, running_server
from tests.throwaway_postgres import running_postgres


class Cable:
    """A TCP relay from a port on loopback to ``target_port``: mended, it passes every byte both ways; cut, it
    drops every connection it holds and closes each new one at once, as a dead link does."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.mended = threading.Event()
        self.mended.set()
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                incoming, _address = self.listener.accept()
            except OSError:
                return  # closed
            if not self.mended.is_set():
                incoming.close()
                continue
            outgoing = socket.create_connection(("127.0.0.1", self.target_port))
            with self.lock:
                self.open += [incoming, outgoing]
            for source, sink in ((incoming, outgoing), (outgoing, incoming)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass  # the cable was cut under it
        finally:
            for end in (source, sink):
                with suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        self.mended.clear()
        with self.lock:
            for connection in self.open:
                connection.close()
            self.open.clear()

    def mend(self) -> None:
        self.mended.set()

    def close(self) -> None:
        self.cut()
        self.listener.close()


def signed_in(base: str, password: str) -> Browser:
    coordinator = Browser()
    answer = coordinator.post(f"{base}/accounts/login/", {"username": "coordinator", "password": password})
    assert answer.status == 302, answer.text[:300]
    return coordinator


def until(what: str, check: Callable[[], object], seconds: float = 60) -> object:
    """``check()``'s first true answer, asked every fifth of a second; fails naming ``what`` after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.2)


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    with ExitStack() as stack:
        hosted_env = production_environment(
            stack.enter_context(running_postgres()), str(tmp_path_factory.mktemp("hosted"))
        )
        venue_dir = tmp_path_factory.mktemp("venue")
        venue_env = production_environment(f"sqlite:///{venue_dir / 'council.sqlite3'}", str(venue_dir))
        # The venue runs its job, as `make run` does; quick passes and retries, and loud after 3 s, for the test.
        venue_env |= {
            "COUNCIL_JOBS": "on",
            "COUNCIL_PUBLISH_SECONDS": "0.3",
            "COUNCIL_PUBLISH_RETRY_SECONDS": "1",
            "COUNCIL_PUBLISH_LOUD_SECONDS": "3",
        }
        found = {}
        for side, environment in (("hosted", hosted_env), ("venue", venue_env)):
            manage(environment, "prepare_database", "-v0")
            manage(environment, "collectstatic", "--no-input", "-v0")
            seeded = manage(environment, "seed_demo")
            found[side] = {
                "password": re.search(r"Coordinator login: coordinator / (\S+)", seeded).group(1),
                "slug": re.search(r"at /events/([\w-]+)/", seeded).group(1),
            }
        hosted_port = free_port()
        cable = Cable(hosted_port)
        stack.callback(cable.close)
        hosted = stack.enter_context(running_server(hosted_env, hosted_port))
        venue = stack.enter_context(running_server(venue_env, free_port()))
        yield {
            "hosted": {"base": hosted.base, **found["hosted"]},
            "venue": {"base": venue.base, "server": venue, **found["venue"]},
            "cable": cable,
        }


def test_a_venue_publishes_through_a_cut_link_and_the_hosted_copy_catches_up_with_nothing_lost_or_doubled(sites):
    hosted, venue, cable = sites["hosted"], sites["venue"], sites["cable"]
    at_host, at_venue = signed_in(hosted["base"], hosted["password"]), signed_in(venue["base"], venue["password"])
    hosted_event = f"{hosted['base']}/events/{hosted['slug']}"
    venue_event = f"{venue['base']}/events/{venue['slug']}"

    # The hosted site's coordinator issues a key; the venue's enters it with the address (through the cable).
    issued = at_host.post(f"{hosted_event}/publishing/keys/", {}, form_url=f"{hosted_event}/publishing/")
    assert issued.status == 302, "the key is shown by the page it leads to, once"
    key_page = at_host.get(f"{hosted['base']}{issued.headers['Location']}").text
    key = re.search(r'<textarea id="issued-key"[^>]*>([^<]+)</textarea>', key_page).group(1)
    entered = at_venue.post(f"{venue_event}/publishing/", {"address": f"http://127.0.0.1:{cable.port}", "key": key})
    assert entered.status == 302, entered.text[:500]

    def desk() -> str:
        return at_venue.get(f"{venue_event}/").text

    until("the first push", lambda: "every change is published." in desk())

    # Round 1 at the venue: started and paired; the copy far away follows.
    at_venue.post(f"{venue_event}/start/", {"rounds": "3", "note": "a short day"}, form_url=f"{venue_event}/")
    assert at_venue.post(f"{venue_event}/pair/", {}, form_url=f"{venue_event}/").status == 302
    games = sorted(set(map(int, re.findall(r"/games/(\d+)/result/", at_venue.get(f"{venue_event}/rounds/1/").text))))
    assert len(games) == 6
    hosted_pairings = f"{hosted['base']}/e/{hosted['slug']}/pairings/"
    until("the pairing far away", lambda: "Round 1" in Browser().get(hosted_pairings).text)
    until("the desk to see it published", lambda: "every change is published." in desk())

    def enter(game: int, mp: tuple[int, int]) -> None:
        url = f"{venue_event}/games/{game}/result/"
        form = at_venue.get(url)
        fields = {"kind": "council", "mp_a": str(mp[0]), "mp_b": str(mp[1])}
        saved = at_venue.send(form, url, fields | {"version": hidden_field(form.text, "version")})
        assert saved.status == 302, saved.text[:500]

    # The Wi-Fi drops: results go on being entered, and wait.
    cable.cut()
    for game in games[:3]:
        enter(game, (20, 10))
    waiting = until("the desk to count what waits", lambda: "3 changes waiting" in (page := desk()) and page)
    assert "Not yet" not in waiting and "Published to 127.0.0.1" in waiting

    def status() -> str:
        return desk().split('id="publishing-status"')[1].split("</div>")[0]

    loud = until("the desk to say it loudly", lambda: 'class="bad"' in (shown := status()) and shown)
    assert "Publishing to 127.0.0.1 has been failing for" in loud and "3 changes waiting" in loud
    enter(games[3], (12, 12))
    enter(games[0], (0, 30))  # a correction while the link is down
    until("five changes to wait", lambda: "5 changes waiting" in desk())
    standings = Browser().get(f"{hosted['base']}/e/{hosted['slug']}/standings/").text
    assert "30" not in re.sub(r"<[^>]+>", " ", standings).split(), "nothing of the cut-off results is far away"

    # The link is back: the copy catches up by itself.
    cable.mend()
    until("the copy to catch up", lambda: "every change is published." in desk())
    calm = desk()
    assert 'class="bad"' not in calm.split('id="publishing-status"')[1].split("</div>")[0]
    for game in games[4:]:
        enter(game, (20, 10))
    until("the last results to follow", lambda: "every change is published." in desk())

    venue_archive = json.loads(at_venue.get(f"{venue_event}/export.json").text)
    hosted_archive = json.loads(at_host.get(f"{hosted_event}/export.json").text)
    assert hosted_archive == venue_archive
    played = hosted_archive["rounds"][0]["games"]
    assert len(played) == 6 and len({tuple(g["players"]) for g in played}) == 6, "nothing doubled"
    # Nothing lost: every result, the draw and the correction made while the link was down among them.
    assert sorted(tuple(g["result"]["mp"]) for g in played) == [
        (0, 30),
        (12, 12),
        (20, 10),
        (20, 10),
        (20, 10),
        (20, 10),
    ]

    # The copy is read-only: a change there is refused, and says where to make it.
    hosted_desk = at_host.get(f"{hosted_event}/")
    assert (
        "read-only here" in hosted_desk.text and 'action="/events/' + hosted["slug"] + '/pair/"' not in hosted_desk.text
    )
    refused = at_host.send(hosted_desk, f"{hosted_event}/pair/", {})
    assert refused.status == 302
    assert "change it there, on the venue" in at_host.get(f"{hosted_event}/").text
    assert json.loads(at_host.get(f"{hosted_event}/export.json").text) == venue_archive
    assert "Traceback" not in venue["server"].log()
