"""httpx for the tests' own calls to the servers they start, which speak plain HTTP.

httpx builds a TLS context for every client it makes, loading certifi's whole CA bundle, even for a client that will
only ever call `http://`: 50 ms of CPU a client on the 2-core VM (`httpx.Client()`, against 0.2 ms given a context),
and `httpx.get` makes a client per call. The suite made thousands (a server's start polls its health every 0.1 s, the
browser tests read views between clicks), about 4 % of its Python CPU. Every client made here shares one context,
made once with the system's default trust store, so a call to an `https://` address is still verified.
"""

from __future__ import annotations

import ssl
from typing import Any

import httpx

TLS = ssl.create_default_context()


def client(**options: Any) -> httpx.Client:
    options.setdefault("verify", TLS)
    return httpx.Client(**options)


def async_client(**options: Any) -> httpx.AsyncClient:
    options.setdefault("verify", TLS)
    return httpx.AsyncClient(**options)


def request(method: str, url: str, **options: Any) -> httpx.Response:
    options.setdefault("verify", TLS)
    return httpx.request(method, url, **options)


def get(url: str, **options: Any) -> httpx.Response:
    return request("GET", url, **options)


def post(url: str, **options: Any) -> httpx.Response:
    return request("POST", url, **options)


def put(url: str, **options: Any) -> httpx.Response:
    return request("PUT", url, **options)


def delete(url: str, **options: Any) -> httpx.Response:
    return request("DELETE", url, **options)
