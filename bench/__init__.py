"""Benchmarks (`make bench`, `python -m bench`): domain speed, command latency, HTTP end to end, a peer store."""
