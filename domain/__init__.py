"""Pure game rules: no I/O, no clock, no randomness but the seeded shuffle."""
