"""The CA files of TAPIS_PG_SSL_ROOT_CERT and TAPIS_REDIS_SSL_CA_CERTS go into the URLs the clients read."""

from __future__ import annotations

import pytest

from infra.settings import Settings


def test_the_ca_files_join_the_urls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@db:5432/tapis?sslmode=verify-full")
    monkeypatch.setenv("TAPIS_PG_SSL_ROOT_CERT", "/etc/tapis/db-ca.pem")
    monkeypatch.setenv("REDIS_URL", "rediss+sentinel://s1:26379,s2:26379/tapis")
    monkeypatch.setenv("TAPIS_REDIS_SSL_CA_CERTS", "/etc/tapis/redis-ca.pem")
    settings = Settings.from_env()
    assert settings.database_url == "postgresql://u@db:5432/tapis?sslmode=verify-full&sslrootcert=/etc/tapis/db-ca.pem"
    assert settings.redis_url == "rediss+sentinel://s1:26379,s2:26379/tapis?ssl_ca_certs=/etc/tapis/redis-ca.pem"


def test_the_url_wins_and_plain_redis_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@db/tapis?sslmode=verify-full&sslrootcert=/mine.pem")
    monkeypatch.setenv("TAPIS_PG_SSL_ROOT_CERT", "/etc/tapis/db-ca.pem")
    monkeypatch.setenv("REDIS_URL", "redis://cache:6379/0")
    monkeypatch.setenv("TAPIS_REDIS_SSL_CA_CERTS", "/etc/tapis/redis-ca.pem")
    settings = Settings.from_env()
    assert settings.database_url == "postgresql://u@db/tapis?sslmode=verify-full&sslrootcert=/mine.pem"
    assert settings.redis_url == "redis://cache:6379/0"
