"""One package per game; `registry` lists the games the server offers."""
