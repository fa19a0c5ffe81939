"""A phone's own region of the public page ("this is me"), put together from parts kept per state and per player.

After every result each phone in the room fetches its region once (its version is out of
date), so at 1,000 players a result a second is 100 regions a second. Rendering each one
whole (the player's seat, card, clock, place and the lists below) cost about 8 ms; most
of it is the same from one result to the next. So a region is put together from:

- a **frame**, one per state of the event and language, read once by each process: the
  round, every player's own part as kept (``boards.public_tables``), their places, the
  region's opening and the lists every phone shows below their own section, rendered;
- each player's **own section**, rendered once per change that concerns it (their seat,
  their game, their card) and kept in this process's memory until it changes again;
- what is written in for each request: the clock (drawn now from the frame's round, and
  rendered once per phase and language), the player's place (a result elsewhere moves
  many places and few cards: one rebuild of the places, not one render per phone). Its
  form's CSRF token is on the page, outside the region: no poll carries one.

The region is the same, byte for byte, as the template would render whole; only where its
pieces are made differs. A poll is answered from the frame without reading the event's row
once this process holds the frame of the event's current state (``phone_region``).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from time import monotonic
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from isal import isal_zlib

from ..caching.parts import kept_pieces
from ..clocks import clock_display, current_break, drawn_break_clock
from ..models import BreakClock, Event, Round
from ..queries.public import Seat, found_players
from .access import View
from .boards import card_pieces, phone_from_text, public_tables, shared_lists
from .me import chosen_player
from .regions import UNCACHED, accepts_gzip, changed_at_once, not_modified_response, poll_etag
from .rendering import render_partial

REGION = "live"

# Where the per-request parts are written in. Unguessable, so that no name typed into the event can
# contain one; the parts that hold them never leave this process.
_MARK = secrets.token_hex(8)
ME_MARK = f"\x00{_MARK}:me\x00"
HEADERS_MARK = f"\x00{_MARK}:headers\x00"
CLOCK_MARK = f"\x00{_MARK}:clock\x00"
PLACE_MARK = f"\x00{_MARK}:place\x00"
PAIRINGS_ANCHOR_MARK = f"\x00{_MARK}:pairings-anchor\x00"
NOW_MARK = f"\x00{_MARK}:now\x00"
INNER_MARK = f"\x00{_MARK}:inner\x00"
TIME_LEFT_MARK = f"\x00{_MARK}:time-left\x00"
STANDINGS_PAGE_MARK = f"\x00{_MARK}:standings-page\x00"
# zlib's window bits for a gzip stream (a header and a trailer around the deflate data).
GZIP_WBITS = 16 + 15

# Sections kept per process: a 1,000-player event in two languages, with room to spare. An
# event of 20,000 players polling at once renders some sections again; it never grows without bound.
MAX_SECTIONS = 8_000
# Frames per process: one per event and language, the latest state.
MAX_FRAMES = 64


@dataclass
class PhoneFrame:
    """What every phone's region of one event shares in one state and language.

    ``texts`` are each player's own part as kept (``boards._phone_text``), which also serve
    as the version of their section; ``ranks`` their places. ``current`` is False for a
    frame of the state before the event's current one (another worker is building it): its
    regions carry no version, so the next poll asks again.
    """

    event: Event
    changed_at: datetime
    language: str
    current: bool
    round: Round | None
    texts: dict[int, str]
    ranks: dict[int, int | None]
    # Above one page of the shared standings, the page of each player's line (``boards.public_tables``).
    standings_pages: dict[int, int]
    brackets: dict[int, str]
    break_clock: BreakClock | None
    element: list[str]  # the region's element before and after what it holds
    lists: str
    # What each section shows of the event and round, besides the player's own part.
    section_version: tuple[object, ...]
    clocks: dict[tuple[object, ...], str] = field(default_factory=dict)
    # Each player's place as written in, made on first use (``_place_text``).
    places: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Section:
    """A player's own section as rendered with its marks, and what each request needs of their seat."""

    version: tuple[object, ...]
    html: str
    pairings_anchor: str
    seat: Seat | None


_frames: dict[tuple[str, str], PhoneFrame] = {}
# The state another worker is building, per event and language, and until when this process shows the state before
# without asking whether it is built: asking is a write to the cache, which on SQLite waits for every other write.
_waiting: dict[tuple[str, str], tuple[datetime, float]] = {}
WAIT_SECONDS = 0.5
_sections: OrderedDict[tuple[str, int, str], Section] = OrderedDict()
_lock = threading.Lock()


def phone_frame(event: Event) -> PhoneFrame:
    """The frame of ``event``'s current state in the reader's language: this process's, else read and kept."""
    language = get_language()
    found = _frames.get((event.slug, language))
    if found is not None and found.changed_at == event.changed_at and found.event.pk == event.pk:
        return found
    if found is not None and found.event.pk == event.pk:
        # This process shows a state before the current one: whether the current one is built is asked of
        # the piece of a few bytes, not of the whole part, which is read only once it is.
        built = kept_pieces(
            event, "public", lambda: public_tables(event), ["built"], earlier_state_will_do=True, build_aside=True
        )
        if not built.current:
            # The state this process showed last will do, without a version, so that the phone asks again at
            # once; until the wait is over, the phones' polls get it without asking the cache again.
            _waiting[(event.slug, language)] = (event.changed_at, monotonic() + WAIT_SECONDS)
            return dataclasses.replace(found, current=False)
    kept = kept_pieces(
        event,
        "public",
        lambda: public_tables(event),
        ["tables", "ranks", "standings_pages", *card_pieces()],
        earlier_state_will_do=True,
    )
    tables = kept.value["tables"]
    rnd = tables["round"]
    texts: dict[int, str] = {}
    for piece in card_pieces():
        texts.update(kept.value[piece])
    lists = shared_lists(event, rnd, tables)
    finals = lists["finals"]
    frame = PhoneFrame(
        event=event,
        changed_at=event.changed_at,
        language=language,
        current=kept.current,
        round=rnd,
        texts=texts,
        ranks=kept.value["ranks"],
        standings_pages=kept.value["standings_pages"],
        brackets=finals.status if finals is not None else {},
        break_clock=current_break(event, rnd),
        element=render_partial(
            "events/public.html#live-element",
            {
                "event": event,
                "me_pk": ME_MARK,
                "poll_headers": HEADERS_MARK,
                "poll_seconds": settings.COUNCIL_POLL_SECONDS,
                "live_inner": INNER_MARK,
            },
        ).split(INNER_MARK),
        lists=render_partial(
            "events/public.html#lists",
            {
                "event": event,
                "round": rnd,
                **lists,
                "pairings_anchor": PAIRINGS_ANCHOR_MARK,
                "standings_anchor": f"{STANDINGS_PAGE_MARK if kept.value['standings_pages'] else ''}#player-{ME_MARK}",
            },
        ),
        section_version=(
            event.slug,
            (rnd.pk, rnd.number, str(rnd.label), rnd.stage_id, rnd.stage.is_bracket if rnd.stage_id else None)
            if rnd is not None
            else None,
        ),
    )
    if kept.current:
        with _lock:
            if len(_frames) >= MAX_FRAMES and (event.slug, language) not in _frames:
                _frames.clear()
                _waiting.clear()
            _frames[(event.slug, language)] = frame
    return frame


def remembered_frame(slug: str, language: str, changed_at: datetime) -> PhoneFrame | None:
    """The frame this process keeps of the event ``slug`` in ``language`` as of ``changed_at``, if it does; while
    another worker builds that state, for ``WAIT_SECONDS``, the frame of the state before (not current)."""
    found = _frames.get((slug, language))
    if found is None or found.changed_at == changed_at:
        return found
    waiting = _waiting.get((slug, language))
    if waiting is not None and waiting[0] == changed_at and monotonic() < waiting[1]:
        return dataclasses.replace(found, current=False)
    return None


def forget_all() -> None:
    """Forget every frame and section (tests do, between events that may share a slug)."""
    with _lock:
        _frames.clear()
        _waiting.clear()
        _sections.clear()


def _section(frame: PhoneFrame, me_id: int) -> Section:
    text = frame.texts[me_id]
    version = (frame.section_version, text, frame.brackets.get(me_id))
    key = (frame.event.slug, me_id, frame.language)
    found = _sections.get(key)
    if found is not None and found.version == version:
        return found
    me, seat, card = phone_from_text(frame.event, me_id, frame.round, text, None)
    html = render_partial(
        "events/public.html#me",
        {
            "event": frame.event,
            "round": frame.round,
            "me": me,
            "my_seat": seat,
            "card": card,
            "my_bracket": frame.brackets.get(me_id),
            "clock_html": CLOCK_MARK,
            "place_text": PLACE_MARK,
        },
    )
    anchor = f"#table-{seat.table}" if seat is not None and seat.table else "#bye" if seat is not None else ""
    section = Section(version, html, anchor, seat)
    with _lock:
        _sections[key] = section
        _sections.move_to_end(key)
        while len(_sections) > MAX_SECTIONS:
            _sections.popitem(last=False)
    return section


def _clock_html(frame: PhoneFrame, seat: Seat | None) -> str:
    """The clock as the phone of ``seat`` draws it now, or "" when there is none running."""
    event = frame.event
    if frame.break_clock is not None:
        clock = drawn_break_clock(event, frame.break_clock)
    elif frame.round is not None and event.status == Event.RUNNING:
        extra, label = 0, ""
        if seat is not None and seat.game is not None and seat.game.result is None:
            extra = seat.game.extra_seconds
            label = _("Table %(table)s") % {"table": seat.table} if extra else ""
        clock = clock_display(event, frame.round, extra_seconds=extra, label=label)
    else:
        return ""
    # All but the moment and the time left stays the same for a phase of the clock: rendered once per phase.
    moving = {"now_ms", "text"} | ({"remaining"} if clock["ends_at_ms"] is not None else set())
    version = tuple(sorted((name, value) for name, value in clock.items() if name not in moving))
    html = frame.clocks.get(version)
    if html is None:
        html = render_partial("events/_clock.html", {"clock": clock | {"now_ms": NOW_MARK, "text": TIME_LEFT_MARK}})
        frame.clocks[version] = html
    return html.replace(NOW_MARK, str(clock["now_ms"])).replace(TIME_LEFT_MARK, clock["text"])


def _place_text(frame: PhoneFrame, me_id: int) -> str:
    """ " · place 3", as the template's blocktranslate writes it (the number localised), or "" with no place yet."""
    place = frame.places.get(me_id)
    if place is None:
        rank = frame.ranks.get(me_id)
        place = " · " + _("place %(place)s") % {"place": localize(rank)} if rank else ""
        frame.places[me_id] = place
    return place


def phone_region_html(frame: PhoneFrame, me_id: int) -> str:
    """The region of player ``me_id``'s phone, as the template would render it whole."""
    section = _section(frame, me_id)
    with timezone.override(frame.event.zone):
        clock = _clock_html(frame, section.seat)
    opening, closing = frame.element
    if frame.current:
        etag = poll_etag(frame.changed_at, REGION, me_id)
        opening = opening.replace(HEADERS_MARK, escape(json.dumps({"If-None-Match": etag})))
    else:
        # As the template writes a region of the state before the current one: with no version at all.
        opening = opening.replace(f"hx-headers='{HEADERS_MARK}'", "")
    own = str(me_id)
    lists = frame.lists.replace(PAIRINGS_ANCHOR_MARK, section.pairings_anchor).replace(ME_MARK, own)
    if frame.standings_pages:
        # The link to the player's own line names the page of the shared standings that shows it.
        page = frame.standings_pages.get(me_id, 1)
        lists = lists.replace(STANDINGS_PAGE_MARK, f"?page={page}" if page > 1 else "")
    return "\n".join(
        (
            opening.replace(ME_MARK, own),
            section.html.replace(CLOCK_MARK, clock).replace(PLACE_MARK, _place_text(frame, me_id)),
            lists + closing,
        )
    )


def phone_board(event: Event, frame: PhoneFrame, me_id: int, query: str) -> dict[str, Any]:
    """The public page of player ``me_id``'s phone: its region put together (``live_html``), and the search."""
    return {
        "event": event,
        "me": phone_from_text(event, me_id, frame.round, frame.texts[me_id], None)[0],
        "query": query,
        "found": found_players(event, query).found if query else [],
        # Rendered by the project's templates, every value in it escaped there.
        "live_html": mark_safe(phone_region_html(frame, me_id)),
    }


def phone_region_response(request: HttpRequest, frame: PhoneFrame, me_id: int) -> HttpResponseBase:
    """The region as htmx polls it: 304 when the phone has this version, else the region with its version."""
    etag = poll_etag(frame.changed_at, REGION, me_id)
    if frame.current:
        not_modified = not_modified_response(request, etag)
        if not_modified is not None:
            return not_modified
    html = phone_region_html(frame, me_id).encode()
    if accepts_gzip(request):
        # Compressed here, quickly (ISA-L's level 1: a third of zlib's time, and as small as zlib's level 6). The
        # region holds nothing secret (no token), so it needs none of the padding the whole pages get (``compress``).
        response = HttpResponse(isal_zlib.compress(html, 1, wbits=GZIP_WBITS))
        response["Content-Encoding"] = "gzip"
        # Weak, as Django's own compression marks it: the same version goes out compressed or not.
        etag = f"W/{etag}"
    else:
        response = HttpResponse(html)
    if frame.current:
        response["ETag"] = etag
    # Written whole rather than patched (``uncached``, ``patch_vary_headers``): nothing before has set them.
    response["Cache-Control"] = UNCACHED
    response["Vary"] = "HX-Request, HX-Target, Accept-Encoding, Cookie"
    return response


def phone_region(view: View) -> View:
    """Answer a phone's poll of its own region from this process's frame of the event's current state.

    Anyone may see a public region, so there is no role to check; the frame is kept only
    once the view has served the event's page (the event exists and is public), and only
    for the state it was read in. Any other request goes on to the view.
    """

    @functools.wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: Any, **kwargs: Any) -> HttpResponseBase:
        meta = request.META
        if meta.get("HTTP_HX_TARGET") == REGION and meta.get("HTTP_HX_REQUEST") == "true":
            me_id = chosen_player(request)
            if me_id is not None and request.method == "GET":
                changed_at = changed_at_once(request, slug)
                frame = remembered_frame(slug, get_language(), changed_at) if changed_at is not None else None
                if frame is not None and me_id in frame.texts:
                    return phone_region_response(request, frame, me_id)
        return view(request, slug, *args, **kwargs)

    return wrapper
