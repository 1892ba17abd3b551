"""What every game shares: the Decider protocol, errors, the seeded shuffle, viewers."""
