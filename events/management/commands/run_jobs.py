"""The server's own job: reminders before online deadlines, and the e-mail waiting to be sent.

gunicorn starts it beside the workers (council/gunicorn_conf.py), so ``make run``, the
Docker image and the compose file all run it, and nobody has to open a page for a
reminder to go. Several servers may each run it: a message is queued once (its key is
unique) and sent once (each server claims a row before sending it).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from events import services
from events.pages.mail import render_mail

log = logging.getLogger("council.jobs")


def run_once() -> tuple[int, int]:
    """One pass: queue the reminders now due, then send what waits. Returns (queued, sent)."""
    queued = services.queue_reminders()
    sent = 0
    for message in services.claim_messages():
        mail = render_mail(message)
        try:
            send_mail(mail.subject, mail.body, settings.DEFAULT_FROM_EMAIL, [mail.to])
        except Exception as error:  # a refused address or a mail server away: try again later
            log.warning("message %s not sent: %s", message.key, error)
            services.mark_failed(message, str(error))
        else:
            services.mark_sent(message)
            sent += 1
    return queued, sent


class Command(BaseCommand):
    help = "Queue the reminders due and send waiting e-mail, every COUNCIL_JOBS_SECONDS (or once, with --once)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--once", action="store_true", help="one pass, then stop")

    def handle(self, *args: Any, **options: Any) -> None:
        while True:
            if not options["once"]:
                close_old_connections()  # a long-lived process: drop a connection the database closed
            try:
                queued, sent = run_once()
            except Exception:  # the database away for a moment: the next pass tries again
                log.exception("the jobs' pass failed")
                queued = sent = 0
            if options["once"]:
                self.stdout.write(f"{queued} queued, {sent} sent")
                return
            time.sleep(settings.COUNCIL_JOBS_SECONDS)
