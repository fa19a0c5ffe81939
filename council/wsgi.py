"""WSGI entry point: Django's development server (settings.WSGI_APPLICATION) and any WSGI server.

Production runs gunicorn's asgi workers with council/asgi.py, which reads each request
whole before handing it to Django's WSGI handler (docs/deployment.md).
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "council.settings")
application = get_wsgi_application()
